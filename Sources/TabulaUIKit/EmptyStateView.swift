#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  /// What a table or collection view shows behind its rows while a
  /// `ListController`'s list has none: its `EmptyState` (an activity
  /// indicator, an SF Symbol, a text, a second line and a button). On iOS 17
  /// and later, the system's `UIContentUnavailableView`; before, the same
  /// parts centred, in the system's secondary colours and text styles.
  @MainActor
  final class EmptyStateView: UIView {
    private let stack = UIStackView()
    private let indicator = UIActivityIndicatorView(style: .medium)
    private let symbol = UIImageView()
    private let title = UILabel()
    private let subtitle = UILabel()
    private let button = UIButton(type: .system)
    private var action: (@MainActor () -> Void)?
    /// The system's view (iOS 17 and later), which shows the state instead.
    private var unavailable: UIView?

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
      // An SDK with iOS 17's declarations ships the Observation module: the
      // iOS 16 SDKs declare no UIContentUnavailableView.
      #if canImport(Observation)
        if #available(iOS 17, macCatalyst 17, *) {
          let unavailable = UIContentUnavailableView(configuration: .empty())
          unavailable.frame = bounds
          unavailable.autoresizingMask = [.flexibleWidth, .flexibleHeight]
          addSubview(unavailable)
          stack.isHidden = true
          self.unavailable = unavailable
        }
      #endif
      show(state)
    }

    required init?(coder: NSCoder) { nil }

    /// Shows `state`'s parts, hiding those it has not.
    func show(_ state: EmptyState) {
      action = state.action
      #if canImport(Observation)
        if #available(iOS 17, macCatalyst 17, *),
          let unavailable = unavailable as? UIContentUnavailableView
        {
          unavailable.configuration = Self.configuration(
            state, action: { [weak self] in self?.tapped() })
          return
        }
      #endif
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
    }

    #if canImport(Observation)
      /// `state` in the system's content-unavailable look: `.loading()` or
      /// `.empty()`, with its symbol, texts and button.
      @available(iOS 17, macCatalyst 17, *)
      static func configuration(_ state: EmptyState, action: @escaping @MainActor () -> Void)
        -> UIContentUnavailableConfiguration
      {
        var content: UIContentUnavailableConfiguration = state.isLoading ? .loading() : .empty()
        if let symbolName = state.symbolName { content.image = UIImage(systemName: symbolName) }
        content.text = state.text
        content.secondaryText = state.secondaryText
        if let title = state.actionTitle, state.action != nil {
          var button = UIButton.Configuration.borderless()
          button.title = title
          content.button = button
          content.buttonProperties.primaryAction = UIAction { _ in action() }
        }
        return content
      }
    #endif

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
