// The samples of TabulaAppKit's guide (TabulaAppKit.md). AppKit exists only
// on the Mac, so this file is compiled there only and type-checked for
// macOS 13 by .ci/apple on Linux.

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Tabula
  import TabulaAppKit

  /// A friend, as the guide's table shows one.
  struct Friend: Diffable, Equatable {
    let id: Int
    var name: String
  }

  final class FriendsViewController: NSViewController {
    @IBOutlet var tableView: NSTableView!
    private var list: ListController<SectionInfo, Friend, NSView>!

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.registerCell(NSTableCellView.self, forReuseIdentifier: "friend")
      list = ListController(host: tableView) { table, path, friend in
        let view = table.dequeueCell(withReuseIdentifier: "friend", for: path)
        (view as? NSTableCellView)?.textField?.stringValue = friend.name
        return view
      }
      list.selectionMode = .single
    }
  }
#endif
