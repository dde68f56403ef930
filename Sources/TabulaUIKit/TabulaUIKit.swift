// TabulaUIKit: thin UITableView and UICollectionView glue, on Apple platforms only (issue 4).
//
// Not implemented yet: this module is empty and provides no API.

import Tabula
