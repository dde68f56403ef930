// Tabula: table and collection views without the bloated controller.
//
// This module imports only the Swift standard library. Its folders follow the
// layers in the design, each using only those listed before it:
// - Diagnostics: TabulaLog, the replaceable logger;
// - Model: snapshots and their edits, and the placeholder rows (data);
// - Diffing: changesets, staging, the position arithmetic (SortedPositions);
// - Hosting: what a list view must do (ListHost), BatchPositionMap;
// - Sizing: heights laid out (HeightIndex), the reading position kept
//   (ScrollAnchor), cells that measure themselves (SizableCell);
// - Observation: ObserverList and ObservationToken, shared by the two below;
// - Refresh: pull to refresh as a state machine, and its clocked driver;
// - Presentation: presenters and their registry;
// - SnapshotSources: the data sources (DESIGN.md's DataSources), loading
//   states and how a state is shown;
// - Controller: ListController, which joins the two above and drives a host.
// Presentation and SnapshotSources do not refer to each other.
// See Tabula.docc for the guides.
