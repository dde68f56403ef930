#if canImport(UIKit) && os(iOS)
  import Tabula
  import UIKit

  // The list's keyboard shortcuts as UIKit key commands, with
  // discoverability titles: the iPad lists them in its hold-⌘ overlay (or
  // menu bar), Mac Catalyst in its menus. Which keys, what they do and
  // their titles are the data source's portable key map
  // (ListKeyMap.commands(titledBy:)); each command performs its key on the
  // focused row, as handleKeyPresses(_:) does.

  extension UITableView {
    /// The list's shortcuts as key commands (``Tabula/ListKeyMap/commands(titledBy:)``:
    /// Return, Space, Delete, ⌘↑, ⌘↓, Home, End, Page Up, Page Down, → and
    /// ←, titled in the list's ``Tabula/ListController/strings``). Offer
    /// them from the view controller, one line:
    ///
    /// ```swift
    /// override var keyCommands: [UIKeyCommand]? { tableView.listKeyCommands }
    /// ```
    ///
    /// Undo and redo are the Edit menu's: bind the list's undo manager
    /// (`bindUndoManager(_:)`). An app that routes presses itself keeps
    /// `handleKeyPresses(_:)`.
    public var listKeyCommands: [UIKeyCommand] {
      ListKeyCommands.commands(for: self, source: hostDataSource)
    }
  }

  extension UICollectionView {
    /// The list's shortcuts as key commands, as the table view's
    /// `listKeyCommands`:
    ///
    /// ```swift
    /// override var keyCommands: [UIKeyCommand]? { collectionView.listKeyCommands }
    /// ```
    public var listKeyCommands: [UIKeyCommand] {
      ListKeyCommands.commands(for: self, source: hostDataSource)
    }
  }

  extension UIResponder {
    /// Performs a list's key command (``UIKit/UITableView/listKeyCommands``)
    /// on the list it came from: UIKit sends it up the responder chain from
    /// the first responder, which may be anything on screen.
    @objc func tabulaPerformListKeyCommand(_ command: UIKeyCommand) {
      ListKeyCommands.perform(command)
    }
  }

  /// Makes and performs lists' key commands.
  @MainActor
  enum ListKeyCommands {
    /// The lists that made key commands, by the number their commands
    /// carry (their `propertyList`).
    private static var lists: [Int: WeakList] = [:]
    private static var nextNumber = 0

    /// A list view, held weakly.
    private final class WeakList {
      weak var view: UIScrollView?
      init(_ view: UIScrollView) { self.view = view }
    }

    /// The key commands of `view`'s data source.
    static func commands<Cell>(for view: UIScrollView, source: (any ListHostDataSource<Cell>)?)
      -> [UIKeyCommand]
    {
      guard let source else { return [] }
      let number = self.number(of: view)
      return source.keyMap.commands(titledBy: source.strings).map { command in
        let key = UIKeyCommand(
          title: command.title,
          action: #selector(UIResponder.tabulaPerformListKeyCommand(_:)),
          input: input(of: command.key.base), modifierFlags: flags(of: command.key.modifiers),
          propertyList: number)
        key.discoverabilityTitle = command.title
        return key
      }
    }

    /// The number `view`'s commands carry, given once.
    private static func number(of view: UIScrollView) -> Int {
      lists = lists.filter { $0.value.view != nil }
      if let known = lists.first(where: { $0.value.view === view })?.key { return known }
      nextNumber += 1
      lists[nextNumber] = WeakList(view)
      return nextNumber
    }

    /// Performs `command`'s key on the focused row of the list it came
    /// from, moving the focus where the key says.
    static func perform(_ command: UIKeyCommand) {
      guard let number = command.propertyList as? Int, let view = lists[number]?.view,
        let input = command.input
      else { return }
      guard let key = listKey(input: input, flags: command.modifierFlags) else { return }
      if let table = view as? UITableView {
        _ = table.handleListKeys([key])
      } else if let collection = view as? UICollectionView {
        _ = collection.handleListKeys([key])
      }
    }

    /// UIKit's input of a key.
    static func input(of base: ListKey.Base) -> String {
      switch base {
      case .up: UIKeyCommand.inputUpArrow
      case .down: UIKeyCommand.inputDownArrow
      case .left: UIKeyCommand.inputLeftArrow
      case .right: UIKeyCommand.inputRightArrow
      case .pageUp: UIKeyCommand.inputPageUp
      case .pageDown: UIKeyCommand.inputPageDown
      case .home: UIKeyCommand.inputHome
      case .end: UIKeyCommand.inputEnd
      case .enter: "\r"
      case .space: " "
      case .delete: UIKeyCommand.inputDelete
      case .escape: UIKeyCommand.inputEscape
      case .character(let character): String(character)
      }
    }

    /// UIKit's modifier flags of a key's modifiers.
    static func flags(of modifiers: ListKey.Modifiers) -> UIKeyModifierFlags {
      var flags: UIKeyModifierFlags = []
      if modifiers.contains(.command) { flags.insert(.command) }
      if modifiers.contains(.shift) { flags.insert(.shift) }
      if modifiers.contains(.option) { flags.insert(.alternate) }
      if modifiers.contains(.control) { flags.insert(.control) }
      return flags
    }

    /// The list key of a command's input and flags.
    static func listKey(input: String, flags: UIKeyModifierFlags) -> ListKey? {
      var modifiers: ListKey.Modifiers = []
      if flags.contains(.command) { modifiers.insert(.command) }
      if flags.contains(.shift) { modifiers.insert(.shift) }
      if flags.contains(.alternate) { modifiers.insert(.option) }
      if flags.contains(.control) { modifiers.insert(.control) }
      let bases: [ListKey.Base] = [
        .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .space, .delete,
        .escape,
      ]
      if let base = bases.first(where: { self.input(of: $0) == input }) {
        return ListKey(base, modifiers: modifiers)
      }
      guard let character = input.first, input.count == 1 else { return nil }
      return ListKey(.character(character), modifiers: modifiers)
    }
  }
#endif
