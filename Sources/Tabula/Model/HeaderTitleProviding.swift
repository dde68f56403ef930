/// A section model that has a header and a footer title for list views that
/// show plain text around sections. ``SectionInfo`` provides both.
public protocol HeaderTitleProviding {
  /// The header title, or `nil` for none.
  var headerTitle: String? { get }
  /// The footer title, or `nil` for none.
  var footerTitle: String? { get }
}

extension SectionInfo: HeaderTitleProviding {
  /// The ``title``.
  public var headerTitle: String? { title }
  /// The ``footer``.
  public var footerTitle: String? { footer }
}
