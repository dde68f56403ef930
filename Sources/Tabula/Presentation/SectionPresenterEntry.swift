/// A registered ``SectionPresenter`` with its types erased.
@MainActor
final class SectionPresenterEntry {
  let id: Int
  let accepts: (Any) -> Bool
  let reuseIdentifier: (Any, SectionViewKind) -> String?
  /// Configures a view; `false` when the view is not the presenter's type.
  let configure: (Any, Any, SectionViewKind) -> Bool
  let height: (Any, SectionViewKind, Double) -> Double?
  let viewTypeName: String
  /// The presenter's type name, for messages.
  let name: String
  /// The class registered for the presenter's views, if any.
  let viewClass: Any.Type?
  let layout: (Any) -> SectionLayout?

  init<P: SectionPresenter>(_ presenter: P, id: Int) {
    self.id = id
    accepts = { $0 is P.Section }
    reuseIdentifier = { presenter.reuseIdentifier(for: cast($0, to: P.Section.self), kind: $1) }
    configure = { view, section, kind in
      guard let view = view as? P.View else { return false }
      presenter.configure(view, with: cast(section, to: P.Section.self), kind: kind)
      return true
    }
    height = { presenter.height(for: cast($0, to: P.Section.self), kind: $1, width: $2) }
    viewTypeName = "\(P.View.self)"
    name = "\(P.self)"
    viewClass = presenter.viewClass
    layout = { presenter.layout(for: cast($0, to: P.Section.self)) }
  }
}
