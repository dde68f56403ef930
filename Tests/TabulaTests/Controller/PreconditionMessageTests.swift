import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// The trapping conveniences stop with a message that names the bad input.
@Suite("Preconditions name what is wrong")
struct PreconditionMessageTests {
  /// What an exit test's process wrote to stderr.
  func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  }

  @Test("a row outside a row layout names the valid range")
  func rowOutsideLayout() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = ListRowLayout(itemCounts: [2, 3], groupRows: true)[9]
      }
    }
    #expect(standardError(result).contains("row 9 is outside the rows 0..<7"))
  }

  @Test("a sequential update between layouts that disagree on group rows")
  func layoutsDisagree() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = SequentialRowUpdate(
          Changeset(), from: ListRowLayout(itemCounts: [1], groupRows: true),
          to: ListRowLayout(itemCounts: [1], groupRows: false))
      }
    }
    #expect(
      standardError(result).contains(
        "one layout has group rows and the other not (true, false)"))
  }

  @Test("a composed source's child index out of range")
  func composedChildIndex() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let source = ComposedSource<SectionInfo, TestItem>([StaticSource()])
          source.remove(at: 3)
        }
      }
    }
    let output = standardError(result)
    #expect(output.contains("child index 3 is out of range: there are 1 children"))
  }

  @Test("reconfigureVisibleRows(with:for:subject:) on a controller without presenters")
  func provideWithoutPresenters() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let (_, controller) = makeController(.table)
          controller.reconfigureVisibleRows(with: "image", for: User.avatar)
        }
      }
    }
    let output = standardError(result)
    #expect(
      output.contains(
        "reconfigureVisibleRows(with:for:subject:) needs a controller created with presenters"))
  }

  @Test("a host reporting a user move from a row the list does not have")
  func userMoveOutOfRange() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let (view, controller) = movableList()
          controller.apply(try! twoSections())
          view.hostDataSource!.userMovedItem(
            from: ItemPath(section: 0, item: 9), to: ItemPath(section: 0, item: 0))
          withExtendedLifetime(controller) {}
        }
      }
    }
    let output = standardError(result)
    #expect(output.contains("item path [0, 9] is out of range: section 0 has 4 items"), "\(output)")
  }

  @Test("a user move to a place the list does not have")
  func userMoveDestinationOutOfRange() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let (view, controller) = movableList()
          controller.apply(try! twoSections())
          view.hostDataSource!.userMovedItem(
            from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 7))
          withExtendedLifetime(controller) {}
        }
      }
    }
    let output = standardError(result)
    #expect(output.contains("the host moved [0, 0] to [1, 7]"), "\(output)")
    #expect(output.contains("valid insertion indices are 0...3"), "\(output)")
  }

  @Test("a segmented source's first selection out of range")
  func segmentIndex() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          _ = SegmentedSource<SectionInfo, TestItem>([StaticSource()], selectedIndex: 2)
        }
      }
    }
    let output = standardError(result)
    #expect(output.contains("segment 2 is out of range: there are 1 segments"))
  }
}

/// Out-of-range positions name the position and the valid range (never a
/// bare "Index out of range").
@Suite("Out-of-range positions name the valid range")
struct OutOfRangeMessageTests {
  func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  }

  @Test("a controller's header title for a section it does not have")
  func controllerHeaderTitle() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        try await MainActor.run {
          let (view, controller) = makeController(
            .table, snapshot: try TestSnapshot(items([1]), in: "A"))
          _ = view.hostDataSource!.headerTitle(forSectionAt: 2)
          withExtendedLifetime(controller) {}
        }
      }
    }
    #expect(
      standardError(result).contains(
        "section index 2 is out of range: the snapshot has 1 section (valid section index is 0)"))
  }

  @Test("a controller's footer title for a section it does not have")
  func controllerFooterTitle() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let (view, controller) = makeController(.table)
          _ = view.hostDataSource!.footerTitle(forSectionAt: 0)
          withExtendedLifetime(controller) {}
        }
      }
    }
    #expect(
      standardError(result).contains(
        "section index 0 is out of range: the snapshot has no sections"))
  }

  @Test("a composed source's section range of a child it does not have")
  func composedSectionRange() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let source = ComposedSource<SectionInfo, TestItem>([StaticSource()])
          _ = source.sectionRange(ofChildAt: 2)
        }
      }
    }
    #expect(
      standardError(result).contains(
        "child index 2 is out of range: there are 1 children (valid indices are 0..<1)"))
  }

  @Test("a staged changeset's stage past the last")
  func stagedChangesetStage() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let old = try TestSnapshot(items([1, 2]), in: "A")
        let staged = StagedChangeset(from: old, to: try TestSnapshot(items([2, 1]), in: "A"))
        _ = staged[1]
      }
    }
    #expect(
      standardError(result).contains(
        "stage 1 is out of range: there is 1 stage (valid index is 0)"))
  }
}
