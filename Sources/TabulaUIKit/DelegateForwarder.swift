#if canImport(UIKit)
  import Foundation
  import UIKit

  /// The base of the bridges that serve a table or collection view: an
  /// object that answers the data-source and delegate calls Tabula handles,
  /// and hands every other delegate call (scrolling, context menus...) to
  /// the app's own delegate, the ``forwardee``.
  ///
  /// Objective-C asks `responds(to:)` and `forwardingTarget(for:)`, which
  /// are not isolated to the main actor, so the forwardee is kept where
  /// any thread may read it: a weak reference behind a lock.
  @MainActor
  class DelegateForwarder: NSObject {
    private nonisolated let forwardeeReference = LockedWeakReference()

    /// The app's own delegate, held weakly (as UIKit holds its delegate).
    final var forwardee: NSObjectProtocol? {
      get { forwardeeReference.object }
      set { forwardeeReference.object = newValue }
    }

    nonisolated override func responds(to aSelector: Selector!) -> Bool {
      super.responds(to: aSelector) || (forwardeeReference.object?.responds(to: aSelector) ?? false)
    }

    nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
      if let forwardee = forwardeeReference.object, forwardee.responds(to: aSelector) {
        return forwardee
      }
      return super.forwardingTarget(for: aSelector)
    }
  }

  /// A weak reference that any thread reads and writes.
  ///
  /// `@unchecked Sendable` is sound: its only stored state is `_object`,
  /// read and written only while `lock` is held, and the object it hands
  /// out is used only for `responds(to:)` (thread-safe in Objective-C) or
  /// returned to the Objective-C runtime, which calls it on the thread that
  /// asked (UIKit's main thread).
  final class LockedWeakReference: @unchecked Sendable {
    private let lock = NSLock()
    private weak var _object: NSObjectProtocol?

    var object: NSObjectProtocol? {
      get {
        lock.lock()
        defer { lock.unlock() }
        return _object
      }
      set {
        lock.lock()
        defer { lock.unlock() }
        _object = newValue
      }
    }
  }
#endif
