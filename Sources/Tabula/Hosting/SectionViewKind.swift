/// Which of a section's supporting views: the one above its items or the
/// one below.
public enum SectionViewKind: String, Hashable, Sendable, CaseIterable {
  /// The view above the section's items (UIKit: the header view, or the
  /// collection view's `elementKindSectionHeader` supplementary view).
  case header
  /// The view below the section's items.
  case footer
}
