import ContainerViews
import Testing

@Suite("F. Sections")
struct SectionTests {
  @Test("sections expose header, content, footer and values")
  func rF1_api() throws {
    let all = try sections {
      Section {
        Text("b1")
        Text("b2")
      } header: {
        Text("Head")
      } footer: {
        Text("Foot")
      }
      .containerValue(\.badge, "s")
    }
    #expect(all.count == 1)
    #expect(all[0].header.map { renderHTML($0) } == ["Head"])
    #expect(all[0].content.map { renderHTML($0) } == ["b1", "b2"])
    #expect(all[0].footer.map { renderHTML($0) } == ["Foot"])
    #expect(all[0].containerValues.badge == "s")
    let html = renderHTML(
      ForEach(sections: Section("S") { Text("x") }) { section in
        HTMLElement("section") {
          section.header
          section.content
        }
      })
    #expect(html == "<section>Sx</section>")
  }

  @Test("loose views form implicit sections between explicit ones")
  func rF2_implicitSections() throws {
    let all = try sections {
      Text("a")
      Section("S") { Text("b") }
      Text("c")
    }
    #expect(all.count == 3)
    #expect(all.map(\.isExplicit) == [false, true, false])
    #expect(all.map { $0.content.map { renderHTML($0) } } == [["a"], ["b"], ["c"]])
    #expect(
      try sections {
        Text("a")
        Text("b")
      }.map(\.content.count) == [2])
  }

  @Test("there is always at least one section")
  func rF3_minimumOneSection() throws {
    let all = try sections { EmptyView() }
    #expect(all.count == 1)
    #expect(all[0].header.isEmpty && all[0].content.isEmpty && all[0].footer.isEmpty)
  }

  @Test("only explicit sections have container values")
  func rF4_implicitHasNoValues() throws {
    let all = try sections { Text("a").containerValue(\.badge, "x") }
    #expect(all[0].containerValues.badge == "none")
    #expect(all[0].content[0].containerValues.badge == "x")
  }

  @Test("a value on a Section reaches the section and each of its subviews")
  func rF5_valueOnSection() throws {
    let all = try sections {
      Section {
        Text("A")
        Text("B").containerValue(\.badge, "own")
      } header: {
        Text("H")
      }
      .containerValue(\.badge, "s")
    }
    #expect(all[0].containerValues.badge == "s")
    #expect(all[0].content.map { $0.containerValues.badge } == ["s", "own"])
    #expect(all[0].header[0].containerValues.badge == "s")
  }

  @Test("a section without header has an empty header")
  func rF6_emptyHeader() throws {
    let all = try sections { Section { Text("A") } }
    #expect(all[0].header.isEmpty)
    #expect(all[0].footer.isEmpty)
  }

  @Test("ForEach of Sections gives one section per item; sections inside a container do not count")
  func rF7_dynamicSections() throws {
    let groups = [Item(id: "one", badge: "1"), Item(id: "two", badge: "2")]
    let all = try sections {
      ForEach(groups) { group in Section(group.id) { Text(group.badge) }.containerValue(\.badge, group.badge) }
    }
    #expect(all.count == 2)
    #expect(all.map { $0.containerValues.badge } == ["1", "2"])
    #expect(all[0].id != all[1].id)
    let wrapped = try sections {
      VStack {
        Section("A") { Text("a") }
        Section("B") { Text("b") }
      }
    }
    #expect(wrapped.count == 1)
    #expect(!wrapped[0].isExplicit)
  }

  @Test("plain subviews see a Section flattened as header, content, footer")
  func rF8_sectionsAsSubviews() throws {
    let all = try subviews {
      Section {
        Text("c")
      } header: {
        Text("h")
      } footer: {
        Text("f")
      }
    }
    #expect(all.map { renderHTML($0) } == ["h", "c", "f"])
  }
}
