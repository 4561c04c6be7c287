import ContainerViews
import Testing

@Suite("E. Subview, SubviewsCollection and slices")
struct SubviewTests {
  @Test("ForEach(subviews:) and Group(subviews:) see the same subviews and values")
  func rE1_twoEntryPoints() {
    @ViewBuilder var content: some View {
      Text("A").containerValue(\.badge, "a")
      Group {
        Text("B")
        Text("C").containerValue(\.badge, "c")
      }
    }
    let one = renderHTML(ForEach(subviews: content) { Text($0.containerValues.badge + ";") })
    let all = renderHTML(
      Group(subviews: content) { subviews in
        ForEach(subviews) { Text($0.containerValues.badge + ";") }
      })
    #expect(one == "a;none;c;")
    #expect(all == one)
  }

  @Test("the collection is random access with Int indices, and a view")
  func rE2_collectionIsAView() throws {
    let all = try subviews {
      Text("0")
      Text("1")
      Text("2")
      Text("3")
      Text("4")
    }
    #expect(all.count == 5)
    #expect(!all.isEmpty)
    #expect(all.first.map { renderHTML($0) } == "0")
    #expect(renderHTML(all[2]) == "2")
    let html = renderHTML(
      Group(
        subviews: Group {
          Text("0")
          Text("1")
          Text("2")
          Text("3")
          Text("4")
        }
      ) { subviews in
        HTMLElement("div") { subviews[3...] }
      })
    #expect(html == "<div>34</div>")
    let slice: SubviewsCollectionSlice = all[1..<3]
    let sliceOfSlice: SubviewsCollectionSlice = slice[2..<3]
    #expect(sliceOfSlice.map { renderHTML($0) } == ["2"])
    #expect(renderHTML(all) == "01234")
  }

  @Test("slices share indices with their base")
  func rE3_sliceIndices() throws {
    let all = try subviews {
      Text("0")
      Text("1")
      Text("2")
    }
    let tail = all[1...]
    #expect(tail.startIndex == 1)
    #expect(tail.first?.id == all[1].id)
    #expect(tail[2].id == all[2].id)
    #expect(!tail.indices.contains(0))
  }

  @Test("ids are unique among siblings and follow reordered ForEach items")
  func rE4_identity() throws {
    let items = [Item(id: "x", badge: "1"), Item(id: "y", badge: "2")]
    let forward = try subviews {
      Text("head")
      ForEach(items) { Text($0.id) }
    }
    let backward = try subviews {
      Text("head")
      ForEach(Array(items.reversed())) { Text($0.id) }
    }
    #expect(Set(forward.map(\.id)).count == 3)
    #expect(forward[1].id == backward[2].id)
    #expect(forward[2].id == backward[1].id)
    #expect(forward[0].id == backward[0].id)
    // Deterministic: the same input gives the same ids.
    #expect(
      try subviews {
        Text("head")
        ForEach(items) { Text($0.id) }
      }.map(\.id) == forward.map(\.id))
    // Explicit ids name the subview.
    #expect(try subviews { Text("A").id("intro") }[0].id.explicitName == "intro")
  }

  @Test("duplicate ForEach ids are reported")
  func rE4_duplicateIDs() {
    let rows = [Item(id: "x", badge: "1"), Item(id: "x", badge: "2")]
    let result = render(ForEach(rows) { Text($0.badge) })
    #expect(result.problems.count == 1)
    #expect(result.problems.first?.message.contains("x") == true)
    #expect(render(ForEach(0..<3) { Text(String($0)) }).problems.isEmpty)
  }

  @Test("modifiers on a subview apply after the original ones")
  func rE5_modifierOrder() {
    let html = renderHTML(
      ForEach(subviews: Text("A").cssClass("original")) { subview in
        subview.cssClass("applied").padding(2)
      })
    #expect(html == #"<span class="original applied" style="padding:2px">A</span>"#)
  }

  @Test("ForEach(subviews:) rows keep the subviews' identities")
  func rE6_forEachSubviewsIdentity() throws {
    let original = try subviews {
      Text("A")
      Text("B")
    }
    let reemitted = try subviews {
      ForEach(
        subviews: Group {
          Text("A")
          Text("B")
        }
      ) { $0 }
    }
    #expect(reemitted.map(\.id) == original.map(\.id))
  }

  @Test("re-emitted subviews carry no values into a new container")
  func rE7_freshValues() {
    @ViewBuilder var content: some View {
      Text("A").containerValue(\.badge, "a")
      Text("B").containerValue(\.badge, "b")
    }
    let html = renderHTML(
      Group(subviews: content) { subviews in
        BadgeReader { ForEach(subviews) { $0 } }
      })
    #expect(html == "none,none")
    let forwarded = renderHTML(
      Group(subviews: content) { subviews in
        BadgeReader { ForEach(subviews) { $0.containerValue(\.badge, $0.containerValues.badge) } }
      })
    #expect(forwarded == "a,b")
  }

  @Test("a value applied to a subview targets the next container only")
  func rE8_valueOnSubview() {
    let captured = Captured<String>()
    let html = renderHTML(
      Group(subviews: Text("A").containerValue(\.badge, "x")) { subviews in
        BadgeReader { subviews[0].containerValue(\.badge, "y") }
        captured.store(subviews[0].containerValues.badge)
      })
    #expect(html == "y")
    #expect(captured.value == "x")
  }

  @Test("reading the count renders no markup")
  func rE9_laziness() {
    let html = renderHTML(
      Group(
        subviews: Group {
          Text("<A>")
          Text("B")
        }
      ) { subviews in Text(String(subviews.count)) })
    #expect(html == "2")
  }
}
