/// Builds the items of a ``SnapshotSection`` from a list of expressions.
///
/// Each line is an item or an array of items; `if`, `switch` and `for` work as
/// usual. When the item type is ``AnyItem``, any ``Diffable`` value is accepted
/// and wrapped, so one section can mix model types.
@resultBuilder
public enum ItemsBuilder<Item: Diffable> {
  /// One item.
  public static func buildExpression(_ item: Item) -> [Item] { [item] }
  /// Several items.
  public static func buildExpression(_ items: [Item]) -> [Item] { items }
  /// Joins the lines of a block.
  public static func buildBlock(_ parts: [Item]...) -> [Item] { parts.flatMap { $0 } }
  /// An `if` without `else`.
  public static func buildOptional(_ part: [Item]?) -> [Item] { part ?? [] }
  /// The first branch of an `if`/`else` or `switch`.
  public static func buildEither(first part: [Item]) -> [Item] { part }
  /// The second branch of an `if`/`else` or `switch`.
  public static func buildEither(second part: [Item]) -> [Item] { part }
  /// A `for` loop.
  public static func buildArray(_ parts: [[Item]]) -> [Item] { parts.flatMap { $0 } }
}

extension ItemsBuilder where Item == AnyItem {
  /// Any model value, wrapped.
  public static func buildExpression<Model: Diffable>(_ item: Model) -> [AnyItem] {
    [AnyItem(item)]
  }

  /// Model values of one type, wrapped.
  public static func buildExpression<Model: Diffable>(_ items: [Model]) -> [AnyItem] {
    items.map(AnyItem.init)
  }
}
