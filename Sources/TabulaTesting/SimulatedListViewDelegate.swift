import Tabula

/// The app's own delegate of a simulated view: what a UIKit app's
/// `delegate` hears and answers beside Tabula's bridge. The simulated view
/// composes it with its data source as `TabulaUIKit` does
/// (`DelegateComposition`): the data source hears an event first, then
/// the delegate; the delegate's height wins over the data source's.
///
/// Every requirement has a default: the event ignored, no answer.
///
/// ```swift
/// final class Taps: SimulatedListViewDelegate {
///   var tapped: [ItemPath] = []
///   func listView(_ listView: SimulatedListView, didSelectItemAt path: ItemPath) {
///     tapped.append(path)
///   }
/// }
/// table.delegate = taps
/// ```
@MainActor
public protocol SimulatedListViewDelegate: AnyObject {
  /// The user tapped the row at `path` (UIKit's `didSelectRowAt`).
  func listView(_ listView: SimulatedListView, didSelectItemAt path: ItemPath)

  /// The user tapped the selected row at `path` where several rows may be
  /// selected, which deselected it (UIKit's `didDeselectRowAt`).
  func listView(_ listView: SimulatedListView, didDeselectItemAt path: ItemPath)

  /// `cell` is about to show the row at `path` (UIKit's `willDisplay`).
  func listView(
    _ listView: SimulatedListView, willDisplay cell: SimulatedCell, forItemAt path: ItemPath)

  /// `cell` left the screen (UIKit's `didEndDisplaying`).
  func listView(
    _ listView: SimulatedListView, didEndDisplaying cell: SimulatedCell, forItemAt path: ItemPath)

  /// The height of the row at `path`, or `nil` for no answer (UIKit's
  /// `heightForRowAt`, asked with ``SimulatedListView/asksHeights``).
  func listView(_ listView: SimulatedListView, heightForItemAt path: ItemPath) -> Double?

  /// The rows at `paths` are about to come on screen (UIKit's
  /// `prefetchDataSource`).
  func listView(_ listView: SimulatedListView, prefetchItemsAt paths: [ItemPath])
}

extension SimulatedListViewDelegate {
  /// Ignored.
  public func listView(_ listView: SimulatedListView, didSelectItemAt path: ItemPath) {}

  /// Ignored.
  public func listView(_ listView: SimulatedListView, didDeselectItemAt path: ItemPath) {}

  /// Ignored.
  public func listView(
    _ listView: SimulatedListView, willDisplay cell: SimulatedCell, forItemAt path: ItemPath
  ) {}

  /// Ignored.
  public func listView(
    _ listView: SimulatedListView, didEndDisplaying cell: SimulatedCell, forItemAt path: ItemPath
  ) {}

  /// No answer.
  public func listView(_ listView: SimulatedListView, heightForItemAt path: ItemPath) -> Double? {
    nil
  }

  /// Ignored.
  public func listView(_ listView: SimulatedListView, prefetchItemsAt paths: [ItemPath]) {}
}
