/// How a host's glue combines the app's own delegate with Tabula's answers:
/// the rules `TabulaUIKit`'s bridges follow for every delegate and
/// prefetching call they implement, and `TabulaTesting`'s simulated views
/// follow with an app delegate set. Tabula never replaces what the app set:
///
/// - an **event** (a tap, a cell coming on screen or leaving it, rows to
///   prefetch) reaches Tabula first, so that its state (the selection, the
///   cell's lifecycle, the presenter's configuration) is up to date when
///   the app hears it, then the app;
/// - a **value** (a height, a size, a move target, an editing style, swipe
///   actions, a section view) is the app's when its delegate gives one,
///   else Tabula's, else the view's own setting (UIKit's `rowHeight`,
///   `sectionHeaderHeight`, a flow layout's `headerReferenceSize`).
public enum DelegateComposition {
  /// Runs an event's handlers: Tabula's, then the app's.
  ///
  /// ```swift
  /// DelegateComposition.notify(
  ///   tabula: { source?.didSelectItem(at: path) },
  ///   app: { appDelegate?.tableView?(tableView, didSelectRowAt: indexPath) })
  /// ```
  public static func notify(tabula: () -> Void, app: () -> Void) {
    tabula()
    app()
  }

  /// A value both may answer: the app's when it gives one, else Tabula's,
  /// else the view's own.
  ///
  /// ```swift
  /// DelegateComposition.answer(app: nil, tabula: { 44 }, view: { -1 })   // 44
  /// DelegateComposition.answer(app: 60, tabula: { 44 }, view: { -1 })    // 60
  /// ```
  public static func answer<Value>(
    app: Value?, tabula: () -> Value?, view: () -> Value
  ) -> Value {
    if let app { return app }
    if let tabula = tabula() { return tabula }
    return view()
  }

  /// The estimated height of a row: the app's, else, for a view whose
  /// estimates are off (UIKit's `estimatedRowHeight` of 0: exact heights),
  /// the `exact` height; else Tabula's (a cached height, a presenter's
  /// estimate, the average of measured rows), else the view's own estimate
  /// when it estimates (above 0), else its fixed row height, else
  /// `automatic` (UIKit's `automaticDimension`: no estimate).
  ///
  /// A view's delegate that answers estimates has its rows estimated even
  /// when the view's estimates are off: answering the exact height keeps
  /// the view's setting.
  ///
  /// - Parameters:
  ///   - app: The app's delegate's estimate, if it gives one.
  ///   - tabula: Tabula's estimate, if it has one.
  ///   - viewEstimate: The view's `estimatedRowHeight` (0 when the view
  ///     does not estimate, `automatic` when it lets UIKit choose).
  ///   - viewRowHeight: The view's `rowHeight` (`automatic` for
  ///     self-sizing rows).
  ///   - automatic: The view's value for "no height of mine".
  ///   - exact: The row's height, as the view's height callback answers
  ///     it (without it, a view whose estimates are off gets the rest).
  public static func estimatedRowHeight(
    app: Double?, tabula: () -> Double?, viewEstimate: Double, viewRowHeight: Double,
    automatic: Double, exact: (() -> Double)? = nil
  ) -> Double {
    if app == nil, viewEstimate == 0, let exact { return exact() }
    return answer(app: app, tabula: tabula) {
      if viewEstimate > 0 { return viewEstimate }
      if viewRowHeight > 0 { return viewRowHeight }
      return automatic
    }
  }

  /// What a section's header (or footer) measures along a flow layout's
  /// scroll axis: the app's delegate's size; else, for a section view
  /// Tabula makes (a section presenter's), the presenter's height, else
  /// the layout's size; for a section that shows only a title, the
  /// layout's size when it has one, else the title view's measured size;
  /// otherwise the layout's own (which the app's supplementary views use).
  ///
  /// - Parameters:
  ///   - app: The app's delegate's extent, if it gives one.
  ///   - hasSectionView: Whether a section presenter makes the view.
  ///   - presenterExtent: The presenter's height, if it answers one.
  ///   - hasTitle: Whether the section has a title for the view.
  ///   - layout: The layout's own extent (`headerReferenceSize`).
  ///   - titleExtent: Measures a title view.
  public static func sectionViewExtent(
    app: Double?, hasSectionView: Bool, presenterExtent: () -> Double?, hasTitle: Bool,
    layout: Double, titleExtent: () -> Double
  ) -> Double {
    answer(
      app: app,
      tabula: { () -> Double? in
        if hasSectionView { return presenterExtent() ?? layout }
        if hasTitle { return layout > 0 ? layout : titleExtent() }
        return nil
      }, view: { layout })
  }
}
