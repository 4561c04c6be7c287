import ContainerViews
import CvsiteMarkdown
import Testing

@Suite struct SmokeTests {
  @Test func plainPage() {
    let text = "# Hello *world*\n\nSome `code` and a [link](/x).\n\n- a\n- b\n\n> quote\n"
    let page = parse(text)
    #expect(page.diagnostics.isEmpty)
    #expect(strippingHeadingIDs(html(page)) == CommonMark.html(text))
    #expect(html(page).hasPrefix("<h1 id=\"hello-world\">"))
  }

  @Test func cardsContainer() {
    let text = """
      ---
      title: Pricing
      badge: highlighted
      ---
      :::cards{cols=3}
      ## Free {badge=none}
      Body one.
      ## Pro {badge=highlighted #pro}
      Body two.
      :::
      """
    let result = instances(text)
    #expect(result.page.diagnostics.map(\.description) == [])
    #expect(result.instances.count == 1)
    let cards = result.instances[0]
    #expect(cards.children.map(\.id) == ["free", "pro"])
    #expect(cards.children.map { $0.values["badge"] } == [.enumCase("none"), .enumCase("highlighted")])
    #expect(cards.attributes["cols"] == .string("3"))
    #expect(result.page.frontMatter.values["badge"] == .enumCase("highlighted"))
    print(result.html)
  }
}
