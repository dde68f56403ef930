/// A ready-made section model: an identifier, a header title and a footer.
///
/// Use it when a section needs nothing more than text around it; define your own
/// ``Diffable`` type when it does (a badge count, a collapsed flag). The `id`
/// identifies the section across snapshots; `title` and `footer` are its content,
/// so changing them updates the section instead of replacing it.
///
/// A string literal makes a section whose title is its id:
///
/// ```swift
/// let info: SectionInfo = "Friends"  // id "Friends", title "Friends"
/// ```
public struct SectionInfo: Diffable, Hashable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The identity of the section.
  public var id: String
  /// The header title, if any.
  public var title: String?
  /// The footer text, if any.
  public var footer: String?

  /// Creates a section model.
  ///
  /// - Parameters:
  ///   - id: The identity of the section.
  ///   - title: The header title, or `nil` for none.
  ///   - footer: The footer text, or `nil` for none.
  public init(id: String, title: String? = nil, footer: String? = nil) {
    self.id = id
    self.title = title
    self.footer = footer
  }

  /// Creates a section whose id and title are `value`.
  public init(stringLiteral value: String) {
    self.init(id: value, title: value)
  }

  /// The id, with the title when it differs.
  public var description: String {
    guard let title, title != id else { return id }
    return "\(id) (\(title))"
  }
}
