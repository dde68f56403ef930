#if canImport(UIKit)
  import Foundation
  import UIKit

  /// The base of the bridges that serve a table or collection view: an
  /// object that answers the data-source and delegate calls Tabula handles
  /// (calling the app's own delegate, the ``forwardee``, from each delegate
  /// method it implements), and hands every other delegate call
  /// (scrolling, context menus...) to the forwardee through Objective-C's
  /// forwarding.
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
      set {
        forwardeeReference.object = newValue
        ownAnswers = [:]
      }
    }

    /// Listens for the user's text size changes (Dynamic Type), once:
    /// ``textSizeChanged(_:)`` tells the data source.
    final func observeTextSize() {
      let center = NotificationCenter.default
      let name = UIContentSizeCategory.didChangeNotification
      center.removeObserver(self, name: name, object: nil)
      center.addObserver(self, selector: #selector(textSizeChanged(_:)), name: name, object: nil)
    }

    /// The text size changed: the data source drops its heights and the
    /// view measures its rows again (a bridge's override).
    @objc func textSizeChanged(_ notification: Notification) {}

    /// Listens for VoiceOver and Switch Control starting or stopping, once:
    /// ``assistiveTechnologyChanged(_:)`` offers the rows' actions on the
    /// cells that show.
    final func observeAssistiveTechnologies() {
      let center = NotificationCenter.default
      for name in [
        UIAccessibility.voiceOverStatusDidChangeNotification,
        UIAccessibility.switchControlStatusDidChangeNotification,
      ] {
        center.removeObserver(self, name: name, object: nil)
        center.addObserver(
          self, selector: #selector(assistiveTechnologyChanged(_:)), name: name, object: nil)
      }
    }

    /// VoiceOver or Switch Control started or stopped: the cells on screen
    /// offer their rows' actions, or stop (a bridge's override).
    @objc func assistiveTechnologyChanged(_ notification: Notification) {}

    /// Whether the forwardee answers each selector asked so far itself.
    private var ownAnswers: [Selector: Bool] = [:]

    /// UIKit's base classes of delegates (a `UITableViewController` is its
    /// table's delegate) whose own implementations of delegate methods are
    /// UIKit's defaults, not the app's answer.
    private static var uikitDelegateBases: [AnyClass] {
      [UITableViewController.self, UICollectionViewController.self]
    }

    /// Whether the app's delegate answers `selector` itself: it responds
    /// to it, with an implementation of its own (a subclass of
    /// `UITableViewController` that does not override a method answers
    /// with UIKit's default, which is not the app's answer and must not
    /// override Tabula's).
    final func forwardeeAnswers(_ selector: Selector) -> Bool {
      if let known = ownAnswers[selector] { return known }
      guard let app = forwardee, app.responds(to: selector) else { return false }
      var answers = true
      if let base = Self.uikitDelegateBases.first(where: { app.isKind(of: $0) }),
        let appClass = object_getClass(app)
      {
        answers =
          class_getMethodImplementation(appClass, selector)
          != class_getMethodImplementation(base, selector)
      }
      ownAnswers[selector] = answers
      return answers
    }

    /// The background view the app had set before an empty state took its
    /// place.
    final var appBackgroundView: UIView?

    /// Whether a reclaim of the view's delegate slots waits for the next
    /// turn.
    private var reclaimScheduled = false

    /// Runs `reclaim` on the next turn of the main actor, once however
    /// often it is asked this turn: what a bridge does when it finds the
    /// app's delegate in its slot from inside a UIKit call, where setting
    /// the view's delegate is not safe.
    final func scheduleReclaim(_ reclaim: @escaping @MainActor () -> Void) {
      guard !reclaimScheduled else { return }
      reclaimScheduled = true
      Task { @MainActor [weak self] in
        self?.reclaimScheduled = false
        reclaim()
      }
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
