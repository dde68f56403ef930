#if canImport(UIKit) && os(iOS)
  import Tabula
  import UIKit

  // A hardware keyboard (iPad, Mac Catalyst): the presses the app's view
  // controller hands over go through the list's key map
  // (ListController.keyMap). The arrow keys alone stay with UIKit's focus
  // system (allowsFocus); the others act on the focused row, and those
  // that move the focus (⌘↑, ⌘↓, Home, End, an outline's → and ←) move
  // UIKit's focus through indexPathForPreferredFocusedView(in:).

  /// A hardware keyboard's keys as the keys a list's key map binds.
  extension ListKey {
    /// The list key of a hardware key press, or `nil` for a key no list
    /// binds (a function key, a modifier alone).
    @MainActor
    public init?(_ key: UIKey) {
      var modifiers: Modifiers = []
      if key.modifierFlags.contains(.command) { modifiers.insert(.command) }
      if key.modifierFlags.contains(.shift) { modifiers.insert(.shift) }
      if key.modifierFlags.contains(.alternate) { modifiers.insert(.option) }
      if key.modifierFlags.contains(.control) { modifiers.insert(.control) }
      let base: Base
      switch key.keyCode {
      case .keyboardUpArrow: base = .up
      case .keyboardDownArrow: base = .down
      case .keyboardLeftArrow: base = .left
      case .keyboardRightArrow: base = .right
      case .keyboardPageUp: base = .pageUp
      case .keyboardPageDown: base = .pageDown
      case .keyboardHome: base = .home
      case .keyboardEnd: base = .end
      case .keyboardReturnOrEnter, .keypadEnter: base = .enter
      case .keyboardSpacebar: base = .space
      case .keyboardDeleteOrBackspace, .keyboardDeleteForward: base = .delete
      case .keyboardEscape: base = .escape
      default:
        guard let character = key.charactersIgnoringModifiers.lowercased().first,
          !character.isWhitespace
        else { return nil }
        base = .character(character)
      }
      self.init(base, modifiers: modifiers)
    }
  }

  extension UICollectionView {
    /// Hands hardware key presses to the list (a `ListController`'s): each
    /// key its ``Tabula/ListController/keyMap`` binds is performed on the
    /// focused row (Return opens it, Space selects it, Delete deletes,
    /// ⌘Z and ⇧⌘Z undo and redo, → and ← open and close an outline's
    /// folders and move the focus to a child or the parent; ⌘↑, ⌘↓, Home,
    /// End, Page Up and Page Down move the focus). The arrow keys alone
    /// stay with UIKit's focus system (set `allowsFocus`). Returns whether
    /// every press was the list's; call it from the view controller:
    ///
    /// ```swift
    /// override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    ///   if !collectionView.handleKeyPresses(presses) { super.pressesBegan(presses, with: event) }
    /// }
    /// ```
    public func handleKeyPresses(_ presses: Set<UIPress>) -> Bool {
      handleListKeys(presses.map { $0.key.flatMap(ListKey.init) })
    }

    /// Performs `keys` (`nil`: a key no list binds) on the focused row;
    /// returns whether every key was the list's.
    func handleListKeys(_ keys: [ListKey?]) -> Bool {
      let focused = (UIFocusSystem.focusSystem(for: self)?.focusedItem as? UICollectionViewCell)
        .flatMap { indexPath(for: $0) }
      return performListKeys(keys, source: hostDataSource, focused: focused) { path in
        // Without animation: the focus can only go to a cell that exists.
        scrollToItem(at: path, at: [], animated: false)
        layoutIfNeeded()
        moveFocus(to: path, bridge: bridge)
      }
    }
  }

  extension UITableView {
    /// Hands hardware key presses to the list, as the collection view's
    /// `handleKeyPresses(_:)` does.
    public func handleKeyPresses(_ presses: Set<UIPress>) -> Bool {
      handleListKeys(presses.map { $0.key.flatMap(ListKey.init) })
    }

    /// Performs `keys` (`nil`: a key no list binds) on the focused row;
    /// returns whether every key was the list's.
    func handleListKeys(_ keys: [ListKey?]) -> Bool {
      let focused = (UIFocusSystem.focusSystem(for: self)?.focusedItem as? UITableViewCell)
        .flatMap { indexPath(for: $0) }
      return performListKeys(keys, source: hostDataSource, focused: focused) { path in
        // Without animation: the focus can only go to a cell that exists.
        scrollToRow(at: path, at: .none, animated: false)
        layoutIfNeeded()
        moveFocus(to: path, bridge: bridge)
      }
    }
  }

  extension UIScrollView {
    /// Moves UIKit's focus to the row at `path`: the bridge answers
    /// `indexPathForPreferredFocusedView(in:)` with it for the next focus
    /// update, which the view asks for now (without remembering the row
    /// focused last, which would win).
    fileprivate func moveFocus(to path: IndexPath, bridge: (any FocusTargeting)?) {
      guard let bridge else { return }
      bridge.pendingFocus = path
      let remembers = remembersFocus
      remembersFocus = false
      setNeedsFocusUpdate()
      updateFocusIfNeeded()
      remembersFocus = remembers
      bridge.pendingFocus = nil
    }

    /// The view's `remembersLastFocusedIndexPath`.
    private var remembersFocus: Bool {
      get {
        (self as? UITableView)?.remembersLastFocusedIndexPath
          ?? (self as? UICollectionView)?.remembersLastFocusedIndexPath ?? false
      }
      set {
        (self as? UITableView)?.remembersLastFocusedIndexPath = newValue
        (self as? UICollectionView)?.remembersLastFocusedIndexPath = newValue
      }
    }
  }

  /// A bridge that answers `indexPathForPreferredFocusedView(in:)` with the
  /// row a key moves the focus to.
  @MainActor
  protocol FocusTargeting: AnyObject {
    var pendingFocus: IndexPath? { get set }
  }

  extension TableViewBridge: FocusTargeting {
    /// The row a key just moved the focus to, else the app's delegate's
    /// answer.
    func indexPathForPreferredFocusedView(in tableView: UITableView) -> IndexPath? {
      pendingFocus ?? appDelegate?.indexPathForPreferredFocusedView?(in: tableView) ?? nil
    }
  }

  extension CollectionViewBridge: FocusTargeting {
    /// The row a key just moved the focus to, else the app's delegate's
    /// answer.
    func indexPathForPreferredFocusedView(in collectionView: UICollectionView) -> IndexPath? {
      pendingFocus ?? appDelegate?.indexPathForPreferredFocusedView?(in: collectionView) ?? nil
    }
  }

  /// Performs the keys `source`'s key map binds on the row at `focused`
  /// (the arrow keys alone aside: UIKit's focus system moves through
  /// rows); a result that moves the focus goes to `focus`. Returns whether
  /// every key was the list's.
  @MainActor
  func performListKeys<Cell>(
    _ keys: [ListKey?], source: (any ListHostDataSource<Cell>)?, focused: IndexPath?,
    focus: (IndexPath) -> Void
  ) -> Bool {
    guard let source, !keys.isEmpty else { return false }
    var handled = true
    for key in keys {
      guard let key, let action = source.keyMap.action(for: key),
        action != .focusPrevious && action != .focusNext
      else {
        handled = false
        continue
      }
      switch source.handleKey(key, focusedAt: focused.map(ItemPath.init), pageSize: 10) {
      case .ignored: handled = false
      case .handled: break
      case .focus(let path): focus(path.indexPath)
      }
    }
    return handled
  }
#endif
