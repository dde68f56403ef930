#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  /// What a table or collection view shows behind its rows while a
  /// `ListController`'s list has none: its `EmptyState` (an activity
  /// indicator, an SF Symbol, a text, a second line and a button), centred,
  /// in the system's secondary colours and text styles.
  @MainActor
  final class EmptyStateView: UIView {
    private let stack = UIStackView()
    private let indicator = UIActivityIndicatorView(style: .medium)
    private let symbol = UIImageView()
    private let title = UILabel()
    private let subtitle = UILabel()
    private let button = UIButton(type: .system)
    private var action: (@MainActor () -> Void)?

    init(_ state: EmptyState) {
      super.init(frame: .zero)
      stack.axis = .vertical
      stack.alignment = .center
      stack.spacing = 8
      stack.translatesAutoresizingMaskIntoConstraints = false
      addSubview(stack)
      NSLayoutConstraint.activate([
        stack.centerXAnchor.constraint(equalTo: centerXAnchor),
        stack.centerYAnchor.constraint(equalTo: centerYAnchor),
        stack.leadingAnchor.constraint(greaterThanOrEqualTo: layoutMarginsGuide.leadingAnchor),
        stack.trailingAnchor.constraint(lessThanOrEqualTo: layoutMarginsGuide.trailingAnchor),
      ])
      symbol.tintColor = .secondaryLabel
      symbol.preferredSymbolConfiguration = UIImage.SymbolConfiguration(textStyle: .largeTitle)
      for (label, style, color) in [
        (title, UIFont.TextStyle.headline, UIColor.secondaryLabel),
        (subtitle, .subheadline, .tertiaryLabel),
      ] {
        label.font = .preferredFont(forTextStyle: style)
        label.adjustsFontForContentSizeCategory = true
        label.textColor = color
        label.textAlignment = .center
        label.numberOfLines = 0
      }
      button.addTarget(self, action: #selector(tapped), for: .primaryActionTriggered)
      for view in [indicator, symbol, title, subtitle, button] { stack.addArrangedSubview(view) }
      show(state)
    }

    required init?(coder: NSCoder) { nil }

    /// Shows `state`'s parts, hiding those it has not.
    func show(_ state: EmptyState) {
      indicator.isHidden = !state.isLoading
      if state.isLoading { indicator.startAnimating() } else { indicator.stopAnimating() }
      symbol.image = state.symbolName.flatMap { UIImage(systemName: $0) }
      symbol.isHidden = symbol.image == nil
      title.text = state.text
      title.isHidden = state.text == nil
      subtitle.text = state.secondaryText
      subtitle.isHidden = state.secondaryText == nil
      button.setTitle(state.actionTitle, for: .normal)
      button.isHidden = state.action == nil || state.actionTitle == nil
      action = state.action
    }

    @objc private func tapped() { action?() }
  }

  extension BatchUpdatingListView {
    /// Shows `state` as the view's background (the background the app set
    /// is kept aside and put back when the list has rows again).
    func showEmptyStateView(_ state: EmptyState?) {
      guard let bridge else { return }
      if let state {
        if let shown = backgroundView as? EmptyStateView {
          shown.show(state)
        } else {
          bridge.appBackgroundView = backgroundView
          backgroundView = EmptyStateView(state)
        }
      } else if backgroundView is EmptyStateView {
        backgroundView = bridge.appBackgroundView
        bridge.appBackgroundView = nil
      }
    }
  }
#endif
