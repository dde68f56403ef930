/// Builds the sections of a ``Snapshot`` from a list of ``SnapshotSection`` expressions.
@resultBuilder
public enum SnapshotBuilder<SectionModel: Diffable, Item: Diffable> {
  /// The section type this builder collects.
  public typealias Component = [SnapshotSection<SectionModel, Item>]

  /// One section.
  public static func buildExpression(_ section: SnapshotSection<SectionModel, Item>) -> Component {
    [section]
  }
  /// Several sections.
  public static func buildExpression(_ sections: Component) -> Component { sections }
  /// Joins the lines of a block.
  public static func buildBlock(_ parts: Component...) -> Component { parts.flatMap { $0 } }
  /// An `if` without `else`.
  public static func buildOptional(_ part: Component?) -> Component { part ?? [] }
  /// The first branch of an `if`/`else` or `switch`.
  public static func buildEither(first part: Component) -> Component { part }
  /// The second branch of an `if`/`else` or `switch`.
  public static func buildEither(second part: Component) -> Component { part }
  /// A `for` loop.
  public static func buildArray(_ parts: [Component]) -> Component { parts.flatMap { $0 } }
}
