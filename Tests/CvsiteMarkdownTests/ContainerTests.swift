import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import Testing

@Suite struct ContainerTests {
  @Test func valuesNeverEscapeANestedContainer() {
    let result = instances(
      """
      ::::cards
      :::tabs[Install]{sync=os badge=new}
      ### macOS {value=mac badge=muted}
      brew
      ### Linux {value=linux}
      apt
      :::
      ::::
      """)
    let tabs = result.instances[0]
    let cards = result.instances[1]
    #expect(tabs.children.map { $0.values["value"] } == [.string("mac"), .string("linux")])
    #expect(tabs.attributes["sync"] == .string("os"))
    #expect(cards.children.count == 1)
    #expect(cards.children[0].values["badge"] == .enumCase("new"))
    #expect(cards.children[0].values["value"] == nil)
    #expect(cards.children[0].titleHTML == "Install")
  }

  @Test func groupIsTransparentAndInnermostWins() {
    let result = instances(
      """
      :::cards
      :::group{badge=muted}
      ## One
      ## Two {badge=new}
      :::
      Loose paragraph.
      :::
      """)
    let cards = result.instances[0]
    #expect(cards.children.map { $0.values["badge"] } == [.enumCase("muted"), .enumCase("new"), nil])
  }

  @Test func listInContainerIsOneSubviewPerItem() {
    let result = instances(":::steps\n1. Install the CLI\n2. Configure\n3. Publish\n:::\n")
    let steps = result.instances[0]
    #expect(steps.children.count == 3)
    #expect(steps.children.map(\.bodyHTML) == ["Install the CLI", "Configure", "Publish"])
    #expect(steps.children.map(\.id) == ["install-the-cli", "configure", "publish"])
  }

  @Test func sectionsSplitAtShallowestLevelAndLeadingBlocks() {
    let result = instances(":::tabs\nIntro.\n\n### A\n#### Deep\ntext\n### B\n:::\n")
    let tabs = result.instances[0]
    #expect(tabs.children.count == 3)
    #expect(tabs.children[0].titleHTML == nil)
    #expect(tabs.children[1].headings.map(\.id) == ["deep"])
    #expect(tabs.childHeadingLevel == 3)
  }

  @Test func looseBlocksAreOneSubviewEach() {
    let result = instances(":::cards\nOne.\n\nTwo.\n\n> Three.\n:::\n")
    #expect(result.instances[0].children.count == 3)
  }

  @Test func idsAreSlugsPrefixedInsideContainersAndStable() {
    let text = ":::tabs\n## macOS\n:::\n:::tabs{#second}\n## macOS\n:::\n:::tabs\n## macOS\n:::\n"
    let first = instances(text).instances.flatMap { $0.children.map(\.id) }
    #expect(first == ["macos", "second-macos", "tabs-2-macos"])
    #expect(instances(text).instances.map(\.id) == ["tabs", "second", "tabs-2"])
    #expect(instances(text).instances.flatMap { $0.children.map(\.id) } == first)
  }

  @Test func dottedMemberKeysAndQuoting() {
    let result = instances(
      """
      :::pinboard
      ## A {pin.x=3}
      :::
      :::cards
      ## B {icon="a } b # c . d = e" .x .y class="z w"}
      ## C {icon='it\\'s' badge=new}
      ## D {icon="say &quot;hi&quot; \\\\"}
      :::
      """)
    #expect(result.page.diagnostics.isEmpty, "\(result.page.diagnostics)")
    #expect(result.instances[0].children[0].values["pin.x"] == .int(3))
    let cards = result.instances[1]
    #expect(cards.children[0].values["icon"] == .string("a } b # c . d = e"))
    #expect(cards.children[0].classes == ["x", "y", "z", "w"])
    #expect(cards.children[1].values["icon"] == .string("it's"))
    #expect(cards.children[2].values["icon"] == .string("say \"hi\" \\"))
  }

  @Test func edgeCases() {
    // E4: code fences win; E5: indented content is code; E6: no blank lines needed.
    let code = instances(":::cards\n````md\n:::tabs\n:::\n````\n    :::\n:::\n")
    #expect(code.page.diagnostics.isEmpty, "\(code.page.diagnostics)")
    #expect(code.instances.count == 1)
    #expect(code.html.contains("<pre><code class=\"language-md\">:::tabs\n:::\n</code></pre>"))
    #expect(code.html.contains("<pre><code>:::\n</code></pre>"))
    // E10: `\{` and no space keep the braces as text.
    let text = parse("# Title \\{x}\n\n# Title{x}\n")
    #expect(text.diagnostics.isEmpty)
    #expect(html(text).contains(">Title {x}</h1>") && html(text).contains(">Title{x}</h1>"))
    // E10: closing hashes and setext headings.
    let closing = parse("## Title ## {#x}\n\nSetext {#y}\n---\n")
    #expect(closing.headings.map(\.id) == ["x", "y"])
    // E11: unregistered inline names and times stay text; registered ones render.
    let inline = parse("At 10:30 see :note[x] and :badge[Beta]{variant=caution}.\n")
    #expect(
      html(inline).contains("10:30 see :note[x] and <span class=\"cv-badge\" data-variant=\"caution\">Beta</span>."))
    // Inline directives in emphasis, links and nested spans, each text met once, in order.
    let spans = parse("*a :badge[1]* **b *c :badge[2]* d** [e :badge[3]](/u) `:badge[no]` :badge[4]\n")
    let rendered = html(spans)
    let positions = ["1", "2", "3", "4"].map { rendered.range(of: "<span class=\"cv-badge\">\($0)</span>")?.lowerBound }
    #expect(positions.allSatisfy { $0 != nil } && positions == positions.sorted { $0! < $1! }, "\(rendered)")
    #expect(rendered.contains("<code>:badge[no]</code>") && rendered.components(separatedBy: "cv-badge").count == 5)
    // E12: labels hold inline Markdown with escaped brackets.
    let label = instances(":::cards[*Big* \\] deal]\n:::\n")
    #expect(label.instances[0].labelHTML == "<em>Big</em> ] deal")
    // Containers inside list items and block quotes.
    let nested = instances("- item\n\n  :::cards\n  ## A\n  :::\n\n> :::tabs\n> ## B\n> :::\n")
    #expect(nested.page.diagnostics.isEmpty, "\(nested.page.diagnostics)")
    #expect(nested.instances.map(\.name) == ["cards", "tabs"])
    // Leaf directives.
    let leaf = instances(":::cards\n::field[Email]{name=email required}\n:::\n")
    #expect(leaf.instances.map(\.name) == ["field", "cards"])
    #expect(leaf.instances[0].attributes["required"] == .bool(true))
  }
}

@Suite struct PageListingTests {
  @Test func frontMatterValuesBecomeSubviewValues() {
    let page = parse("---\ntitle: Pro plan\nbadge: highlighted\ntags: [a, b]\n---\nBody.\n")
    #expect(page.title == "Pro plan")
    #expect(page.frontMatter.fields["tags"] == .list([.string("a"), .string("b")]))
    let listed = ListedPage(
      id: "pro", title: page.title ?? "", url: "/pro/", summaryHTML: "<p>Body.</p>\n", values: page.frontMatter.values)
    let instance = listingInstance(container: "cards", id: "pages", pages: [listed])
    #expect(instance.children.first?.values["badge"] == .enumCase("highlighted"))
    #expect(instance.children.first?.titleHTML == "<a href=\"/pro/\">Pro plan</a>")
    // With a URL value the container reads, the URL goes there and the title stays text.
    let linked = listingInstance(container: "cards", id: "pages", pages: [listed], linkValue: "href")
    #expect(linked.children.first?.values["href"] == .url("/pro/"))
    #expect(linked.children.first?.titleHTML == "Pro plan")
  }

  /// A listing's instance is the one a Markdown container makes from one section per
  /// page: the same children, titles, bodies and values.
  @Test func listingMatchesAMarkdownContainer() throws {
    let pages = [
      ListedPage(
        id: "pro", title: "Pro & co", url: "/pro/", summaryHTML: "<p>Body.</p>\n",
        values: parse("---\nbadge: highlighted\n---\n").frontMatter.values),
      ListedPage(
        id: "free", title: "Free", url: "/free/", summaryHTML: "<p>Other.</p>\n",
        values: parse("---\nhref: /elsewhere/\n---\n").frontMatter.values),
    ]
    let listing = listingInstance(container: "cards", id: "pages", pages: pages, linkValue: "href")
    let written = instances(
      ":::cards{#pages}\n## Pro & co {#pro badge=highlighted href=\"/pro/\"}\n\nBody.\n\n"
        + "## Free {#free href=\"/elsewhere/\"}\n\nOther.\n:::\n")
    #expect(written.page.diagnostics.isEmpty, "\(written.page.diagnostics)")
    let markdown = try #require(written.instances.first)
    #expect(listing.name == markdown.name && listing.id == markdown.id)
    #expect(listing.childHeadingLevel == markdown.childHeadingLevel)
    #expect(listing.children.count == 2 && markdown.children.count == 2)
    for (listed, section) in zip(listing.children, markdown.children) {
      #expect(listed.id == section.id)
      #expect(listed.index == section.index)
      #expect(listed.titleHTML == section.titleHTML)
      #expect(listed.titleText == section.titleText)
      #expect(listed.bodyHTML == section.bodyHTML)
      #expect(listed.values == section.values)
      #expect(listed.classes == section.classes)
      #expect(listed.headings == section.headings)
    }
  }

  @Test func complexFrontMatterFallsBackToYams() {
    let page = parse("---\ntitle: \"A: b\"\nbadge: new\nnested:\n  x: 1\n---\n")
    #expect(page.diagnostics.isEmpty, "\(page.diagnostics)")
    #expect(page.frontMatter.fields["nested"] == .map(["x": .int(1)]))
    #expect(page.frontMatter.values["badge"] == .enumCase("new"))
  }
}
