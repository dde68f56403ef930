// TabulaTerminal: a list view for ANSI terminals, driven by snapshots and presenters (issue 8).
//
// Not implemented yet: this module is empty and provides no API.

import Tabula
