// TabulaTesting: simulated UITableView and UICollectionView that enforce UIKit's batch-update rules, for tests on any platform (issue 4).
//
// Not implemented yet: this module is empty and provides no API.

import Tabula
