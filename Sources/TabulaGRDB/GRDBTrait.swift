// TabulaGRDB is built on GRDB, which Tabula's package resolves only with its
// `GRDB` trait, so that apps that use only Tabula and its UIKit glue resolve
// no other package (see Package.swift). Each file imports GRDB under that
// trait; without it, this error says what to change instead of a missing
// module.
#if !GRDB
  #error(
    """
    TabulaGRDB needs Tabula's GRDB trait: depend on Tabula with \
    .package(url: "https://github.com/tabula-swift/Tabula", from: "0.1.0", traits: ["GRDB"])
    """)
#endif
