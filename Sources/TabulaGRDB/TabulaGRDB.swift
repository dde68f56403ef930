// TabulaGRDB: FetchedList, live sectioned lists over SQLite queries through GRDB (issue 7).
//
// Not implemented yet: this module is empty and provides no API.

import Tabula
