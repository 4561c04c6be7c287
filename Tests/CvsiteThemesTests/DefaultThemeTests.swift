import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteThemes

/// The HTML structure of the default theme's containers for handcrafted instances.
@Suite struct DefaultThemeTests {
  static func render(_ container: ContainerInstance) throws -> String {
    try #require(defaultThemeLoad.0).renderer.render(container)
  }

  static func cards(_ count: Int, cols: String? = nil) throws -> String {
    let children = (0..<count).map { child($0, title: "Card \($0 + 1)") }
    return try render(
      instance("cards", attributes: cols.map { ["cols": .enumCase($0)] } ?? [:], id: "g", level: 3, children: children))
  }

  @Test(arguments: [(1, 1), (2, 2), (3, 3), (4, 2), (5, 3), (6, 3), (7, 4)])
  func cardGridColumnsFollowTheChildCount(count: Int, columns: Int) throws {
    let html = try Self.cards(count)
    #expect(html.contains("<ul class=\"cv-cards cv-cols-\(columns)\" data-count=\"\(count)\">"))
    #expect(occurrences("<li class=\"cv-card ", in: html) == count)
    #expect(occurrences("<h3 class=\"cv-card-title\">", in: html) == count)
  }

  @Test func explicitColsWin() throws {
    #expect(try Self.cards(4, cols: "4").contains("cv-cols-4"))
  }

  @Test func cardsHaveOneStretchedTitleLinkABadgeAndASpan() throws {
    let html = try Self.render(
      instance(
        "cards", id: "g", level: 2,
        children: [
          child(
            0, title: "Docs", body: "<p>Read <a href=\"/x\">more</a>.</p>",
            values: [
              "href": .url("/docs/"), "badge": .enumCase("new"), "span": .int(2), "icon": .string("★"),
            ]),
          child(1, title: "Plain"),
        ]))
    #expect(html.contains("<li class=\"cv-card cv-span-2 cv-card-new cv-card-linked\" id=\"c1\">"))
    #expect(
      html.contains(
        "<h2 class=\"cv-card-title\"><span class=\"cv-icon\" aria-hidden=\"true\">★</span> <a class=\"cv-card-link\" href=\"/docs/\">Docs</a></h2>"
      ))
    #expect(html.contains("<span class=\"cv-badge cv-badge-new\">New</span>"))
    #expect(html.contains("<li class=\"cv-card cv-span-1 cv-card-none\" id=\"c2\">"))
    #expect(occurrences("class=\"cv-card-link\"", in: html) == 1)
    #expect(occurrences("cv-badge cv-badge", in: html) == 1)
  }

  static func tabs(defaultIndex: Int?) throws -> String {
    let children = ["macOS", "Linux", "Windows"].enumerated().map { index, name in
      child(
        index, title: name, id: "t-\(name.lowercased())", values: index == defaultIndex ? ["default": .bool(true)] : [:]
      )
    }
    return try render(
      instance(
        "tabs", label: "Install", attributes: ["sync": .string("os")], id: "install", level: 3, children: children))
  }

  @Test func tabsFollowTheARIAPattern() throws {
    let html = try Self.tabs(defaultIndex: 1)
    #expect(
      html.contains("<div class=\"cv-tabs\" id=\"install\" data-cv-tabs data-container=\"tabs\" data-sync=\"os\">"))
    #expect(html.contains("<div class=\"cv-tablist\" role=\"tablist\" aria-labelledby=\"install-label\">"))
    #expect(
      html.contains(
        "<button type=\"button\" role=\"tab\" class=\"cv-tab\" id=\"t-linux-tab\" aria-controls=\"t-linux\" aria-selected=\"true\" tabindex=\"0\" data-value=\"linux\">Linux</button>"
      ))
    #expect(
      html.contains(
        "id=\"t-macos-tab\" aria-controls=\"t-macos\" aria-selected=\"false\" tabindex=\"-1\" data-value=\"macos\">macOS</button>"
      ))
    #expect(occurrences("aria-selected=\"true\"", in: html) == 1)
    #expect(occurrences("role=\"tabpanel\"", in: html) == 3)
    #expect(
      html.contains(
        "<div class=\"cv-tabpanel\" role=\"tabpanel\" id=\"t-windows\" aria-labelledby=\"t-windows-tab\" data-value=\"windows\">\n<h3 class=\"cv-tabpanel-title\">Windows</h3>"
      ))
    #expect(!html.contains(" hidden"))
  }

  @Test func withoutADefaultTheFirstTabIsSelected() throws {
    let html = try Self.tabs(defaultIndex: nil)
    #expect(html.contains("id=\"t-macos-tab\" aria-controls=\"t-macos\" aria-selected=\"true\" tabindex=\"0\""))
    #expect(occurrences("aria-selected=\"true\"", in: html) == 1)
  }

  static func steps(_ statuses: [String?]) throws -> String {
    let children = statuses.enumerated().map { index, status in
      child(index, title: "Step \(index + 1)", values: status.map { ["status": .enumCase($0)] } ?? [:])
    }
    return try render(instance("steps", id: "s", children: children))
  }

  @Test func stepsAreAnOrderedListWithStatusTextAndOneCurrentStep() throws {
    let html = try Self.steps(["done", "done", "current", nil, "todo"])
    #expect(html.contains("<ol class=\"cv-steps\" start=\"1\">"))
    #expect(occurrences("<li class=\"cv-step ", in: html) == 5)
    #expect(occurrences("aria-current=\"step\"", in: html) == 1)
    #expect(html.contains("<li class=\"cv-step cv-step-current\" id=\"c3\" aria-current=\"step\">"))
    #expect(html.contains("<li class=\"cv-step cv-step-todo\" id=\"c4\">"))
    #expect(html.contains("<p class=\"cv-progress-text\">Step 3 of 5</p>"))
    #expect(occurrences("<span class=\"cv-sr\">Status: </span>Done", in: html) == 2)
    #expect(occurrences("<span class=\"cv-sr\">Status: </span>To do", in: html) == 2)
  }

  @Test func stepsWithoutACurrentStepCountWhatIsDone() throws {
    #expect(try Self.steps(["done", nil, nil]).contains(">1 of 3 steps done</p>"))
    #expect(try Self.steps([nil, nil]).contains(">2 steps</p>"))
    #expect(!(try Self.steps(["done", "todo"]).contains("aria-current")))
  }

  @Test func theStartAttributeNumbersTheList() throws {
    let html = try Self.render(instance("steps", attributes: ["start": .int(4)], id: "s", children: [child(0)]))
    #expect(html.contains("<ol class=\"cv-steps\" start=\"4\">"))
  }

  @Test func theSteppedFormHasAFieldsetPerStepAndWorksWithoutJavaScript() throws {
    let html = try Self.render(
      instance(
        "form", label: "Contact", attributes: ["action": .url("/send"), "method": .enumCase("post")], id: "f",
        children: [
          child(0, title: "You", id: "you"), child(1, title: "Message", id: "msg", values: ["optional": .bool(true)]),
        ]))
    #expect(
      html.contains(
        "<form class=\"cv-form\" id=\"f\" data-cv-form data-start=\"0\" action=\"/send\" method=\"post\" aria-labelledby=\"f-label\">"
      ))
    #expect(occurrences("<fieldset class=\"cv-form-step\"", in: html) == 2)
    #expect(html.contains("<legend>Message <span class=\"cv-optional\">(optional)</span></legend>"))
    #expect(html.contains("<div class=\"cv-form-nav\" hidden>"))
    #expect(occurrences("data-cv-next", in: html) == 1)
    #expect(occurrences("data-cv-back", in: html) == 1)
    #expect(html.contains("<button type=\"submit\" class=\"cv-button cv-primary\">Submit</button>"))
    #expect(html.contains("<li data-step=\"1\"><a href=\"#msg\">Message</a></li>"))
  }

  static func field(_ attributes: [String: TypedValue], label: String? = nil) throws -> String {
    try render(instance("field", label: label, attributes: attributes, id: "email", children: []))
  }

  @Test func fieldsCarryNativeValidation() throws {
    let html = try Self.field([
      "name": .string("email"), "type": .enumCase("email"), "label": .string("Email"), "required": .bool(true),
      "autocomplete": .string("email"), "help": .string("We reply."), "maxlength": .int(80),
    ])
    #expect(
      html.contains("<label for=\"email\">Email <span class=\"cv-required\" aria-hidden=\"true\">*</span></label>"))
    #expect(
      html.contains(
        "<input type=\"email\" id=\"email\" name=\"email\" required autocomplete=\"email\" maxlength=\"80\" aria-describedby=\"email-help\">"
      ))
    #expect(html.contains("<p class=\"cv-help\" id=\"email-help\">We reply.</p>"))
  }

  @Test func selectsTextareasAndCheckboxes() throws {
    let select = try Self.field(["name": .string("t"), "type": .enumCase("select"), "options": .string("A, B <c>")])
    #expect(select.contains("<option value=\"\">Choose…</option>\n<option>A</option>\n<option>B &lt;c&gt;</option>"))
    let area = try Self.field(["name": .string("m"), "type": .enumCase("textarea")], label: "<em>Message</em>")
    #expect(
      area.contains(
        "<label for=\"email\"><em>Message</em></label>\n<textarea rows=\"4\" id=\"email\" name=\"m\"></textarea>"))
    let box = try Self.field(["name": .string("c"), "type": .enumCase("checkbox"), "label": .string("Copy")])
    #expect(box.contains("<input type=\"checkbox\" id=\"email\" name=\"c\">\n<label for=\"email\">Copy</label>"))
    let plain = try Self.field(["name": .string("n")])
    #expect(plain.contains("<input type=\"text\" id=\"email\" name=\"n\">"))
  }

  @Test func aScriptInAValueOrAttributeIsEscapedInEveryContainer() throws {
    let evil = "<script>x</script>"
    let html = try Self.render(
      instance(
        "tabs", attributes: ["sync": .string(evil)], id: "t",
        children: [
          child(0, title: "A", values: ["label": .string(evil), "value": .string(evil), "icon": .string(evil)])
        ]))
    #expect(!html.contains("<script>"))
    #expect(html.contains("data-sync=\"&lt;script&gt;x&lt;/script&gt;\""))
  }

  @Test func thePageLayoutIsAWholeDocument() throws {
    let theme = try #require(defaultThemeLoad.0)
    let html = theme.renderPage(
      PageContext(
        title: "Install <now>", bodyHTML: "<p>Body</p>\n", url: "/docs/install/", description: "How \"to\"",
        siteTitle: "Site", baseURL: "https://example.org/sub/", language: "de",
        navigation: [
          NavigationLink(
            title: "Docs", url: "/sub/docs/", isAncestor: true,
            children: [
              NavigationLink(title: "Install", url: "/sub/docs/install/", isCurrent: true)
            ])
        ],
        tableOfContents: [TOCLink(level: 2, id: "a", text: "A"), TOCLink(level: 3, id: "b", text: "B", tab: "Linux")]),
      layout: "section")
    #expect(html.hasPrefix("<!doctype html>\n<html lang=\"de\" dir=\"ltr\">"))
    #expect(html.contains("<title>Install &lt;now&gt; · Site</title>"))
    #expect(html.contains("<meta name=\"description\" content=\"How &quot;to&quot;\">"))
    #expect(html.contains("<link rel=\"stylesheet\" href=\"/sub/assets/cvsite.css\">"))
    #expect(html.contains("<script src=\"/sub/assets/cvsite.js\"></script>"))
    #expect(html.contains("<h1 class=\"cv-title\">Install &lt;now&gt;</h1>"))
    #expect(html.contains("<p class=\"cv-lead\">How &quot;to&quot;</p>"))
    #expect(
      html.contains(
        "<li class=\"cv-nav-open\"><a href=\"/sub/docs/\">Docs</a><ul><li><a href=\"/sub/docs/install/\" aria-current=\"page\">Install</a></li>"
      ))
    #expect(
      html.contains("<li class=\"cv-toc-depth-1\"><a href=\"#b\">B</a> <span class=\"cv-toc-tab\">Linux</span></li>"))
    #expect(html.contains("<main id=\"cv-main\" class=\"cv-main\" tabindex=\"-1\">"))
    #expect(html.contains("<p>Body</p>"))
    #expect(theme.hasLayout("404"))
    #expect(
      theme.renderPage(PageContext(title: "x", bodyHTML: "", siteTitle: "S"), layout: "nope").contains(
        "<h1 class=\"cv-title\">x</h1>"))
  }

  /// The budget grew with code colours and frames, code groups, menus, the theme switch
  /// and page links (40 KB to 45 KB), then the search dialog's styles (to 50 KB). The
  /// search client has its own budget: it is loaded, deferred, only on sites with search
  /// (Pagefind's script alone is 45 KB, before its 72 KB of WebAssembly); 30 KB grew to
  /// 32 KB with the lookup of typos in a word's first letters and the ASCII path, then to
  /// 35 KB with marking a result's words on the page it opens (11 KB gzipped).
  @Test func cssAndJavaScriptStaySmall() throws {
    let theme = try #require(defaultThemeLoad.0)
    func size(_ keep: (String) -> Bool) throws -> Int {
      try theme.assets.filter { keep($0.outputPath) }.map { try #require($0.contents()).count }.reduce(0, +)
    }
    let page = try size { ($0.hasSuffix(".css") || $0.hasSuffix(".js")) && !$0.hasSuffix("search.js") }
    #expect(page > 0 && page < 50_000)
    let search = try size { $0.hasSuffix("search.js") }
    #expect(search > 0 && search < 35_000)
  }
}
