// Tabula: table and collection views without the bloated controller.
//
// This module imports only the Swift standard library. Its folders follow the
// layers in the design: Model (snapshots), Diffing, Presentation, DataSources,
// Controller and Hosting. See Tabula.docc for the guides.
