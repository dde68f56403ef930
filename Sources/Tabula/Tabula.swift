// Tabula: table and collection views without the bloated controller.
//
// This module imports only the Swift standard library. Its folders are
// layers: each folder's code uses only the folders listed before it
// (.ci/folders checks it, reading this list):
// - Diagnostics: TabulaLog, the replaceable logger, and ReportOnce;
// - Model: snapshots and their edits, items and sections, the placeholder
//   rows (data), and DiffableSnapshot, Apple's snapshot API over them;
// - Diffing: changesets, staging, a snapshot's known changes
//   (SnapshotChange), where a batch takes each position (BatchPositionMap)
//   and the position arithmetic;
// - Outlines: trees and the outline of their visible rows;
// - Sizing: heights laid out (HeightIndex) and cached (HeightCache), the
//   reading position kept (ScrollAnchor), section layouts, cells that
//   measure themselves;
// - Hosting: what a list view must do (ListHost, ListHostDataSource), the
//   swipe actions, editing controls, selection modes and section view kinds
//   it shows, and what the package's own list views are built on: the reuse
//   pool they keep their cells in (CellReusePool) and the host model in
//   HostModel/ (the structure, viewport, prefetching window and update
//   counts they keep alike);
// - Observation: ObserverList and ObservationToken, shared by the layers
//   after it;
// - Refresh: pull to refresh as a state machine, and its clocked driver;
// - Presentation: presenters and their registry;
// - DataSources: the sources of snapshots (arrays, composed, segmented,
//   loading, paged, outlines), loading and paging states, user edits
//   written back;
// - Controller: ListController, which joins presenters and sources and
//   drives a host, and DiffableDataSource, Apple's data source API over it.
// See Tabula.docc for the guides.
