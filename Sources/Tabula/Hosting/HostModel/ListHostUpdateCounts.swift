/// What a list view counts of the updates it performed, for tests and
/// benchmarks to read: reloads, batches (and those asked for without
/// animation), and rows the user moved.
public struct ListHostUpdateCounts: Equatable, Sendable {
  /// How many times the view reloaded all its data.
  public package(set) var reloadCount = 0
  /// How many batch updates the view performed.
  public package(set) var batchCount = 0
  /// How many batches were asked for without animation
  /// (``ListHost/performBatch(_:animated:updateData:completion:)`` with
  /// `animated` false).
  public package(set) var unanimatedBatchCount = 0
  /// How many rows the user moved.
  public package(set) var userMoveCount = 0

  /// No updates yet.
  package init() {}
}

/// A list view that counts the updates it performs (TabulaTesting's
/// simulated views, TabulaTerminal's list view), for tests and benchmarks.
@MainActor
public protocol ListUpdateCounting: AnyObject {
  /// What the view counted so far.
  var updateCounts: ListHostUpdateCounts { get }
}

extension ListUpdateCounting {
  /// How many times the view reloaded all its data.
  public var reloadCount: Int { updateCounts.reloadCount }

  /// How many batch updates the view performed.
  public var batchCount: Int { updateCounts.batchCount }

  /// How many batches a `ListController` asked to perform without
  /// animation (``ListController/apply(_:animatingDifferences:completion:)``
  /// with `animatingDifferences: false`).
  public var unanimatedBatchCount: Int { updateCounts.unanimatedBatchCount }

  /// How many rows the user moved in the view.
  public var userMoveCount: Int { updateCounts.userMoveCount }
}
