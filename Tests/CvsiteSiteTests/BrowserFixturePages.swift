import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import CvsiteTestSupport
import CvsiteThemes
import Foundation

/// Handcrafted pages that use every container of the default theme, rendered through
/// its templates and page layout, plus the pages of `site-example` parsed and rendered
/// without the site pipeline: what `Tests/browser/run.sh` (without arguments) checks.
/// It joins the Markdown parser and the themes, so it lives with the site's tests.
enum BrowserFixturePages {
  struct Page {
    var file: String
    var title: String
    var body: String
    var toc: [TOCLink] = []
    var diagnostics: [Diagnostic] = []
  }

  static func pages(_ theme: Theme) -> [Page] {
    let r = theme.renderer
    return [cardsPage(r), tabsPage(r), tabsSecondPage(r), stepsPage(r), formPage(r)] + examplePages(theme)
  }

  /// The pages of `site-example/content`, parsed with the theme's schema and rendered
  /// with its templates (no section listings: that is the site pipeline's job).
  static func examplePages(_ theme: Theme) -> [Page] {
    let content = repositoryRoot.appendingPathComponent("site-example/content")
    guard let files = FileManager.default.enumerator(at: content, includingPropertiesForKeys: nil) else { return [] }
    var pages: [Page] = []
    for case let url as URL in files where url.pathExtension == "md" {
      guard let source = try? String(contentsOf: url, encoding: .utf8) else { continue }
      let relative = String(url.path.dropFirst(content.path.count + 1))
      let parsed = MarkdownParser(schema: theme.schema).parse(source: source, path: "content/" + relative)
      let body = renderHTML(parsed.body.environment(\.containerRenderer, theme.renderer))
      let name = "example-" + relative.dropLast(3).replacingOccurrences(of: "/", with: "-") + ".html"
      let toc = parsed.headings.filter { $0.level >= 2 }.map { TOCLink(level: $0.level, id: $0.id, text: $0.text) }
      pages.append(
        Page(file: name, title: parsed.title ?? relative, body: body, toc: toc, diagnostics: parsed.diagnostics))
    }
    return pages.sorted { $0.file < $1.file }
  }

  static func cardsPage(_ r: ThemeRenderer) -> Page {
    var body =
      "<p>Card grids choose their columns from the number of cards. Inline badge: "
      + "<span class=\"cv-badge\" data-variant=\"caution\">Beta</span>.</p>\n"
    let titles = [
      "Get started", "Installation", "Markdown syntax", "Container values", "Theme authoring", "Command line",
      "Release notes",
    ]
    let badges: [TypedValue?] = [.enumCase("new"), nil, nil, .enumCase("highlighted"), nil, .enumCase("muted"), nil]
    for count in [1, 2, 3, 4, 5, 7] {
      body += "<h2 id=\"grid-\(count)\">\(count) card\(count == 1 ? "" : "s")</h2>\n"
      let children = (0..<count).map { index -> ContainerChild in
        var values: [String: TypedValue] = ["href": .url("tabs.html")]
        if let badge = badges[index] { values["badge"] = badge }
        if index == 0, count == 5 { values["span"] = .int(2) }
        return child(
          index, title: titles[index], body: "<p>\(titles[index]) with cvsite: a short summary of the page.</p>\n",
          id: "grid-\(count)-\(index + 1)", values: values)
      }
      body += r.render(instance("cards", id: "cards-\(count)", level: 3, children: children))
    }
    return Page(file: "index.html", title: "Cards", body: body)
  }

  static func osTabs(_ r: ThemeRenderer, id: String, label: String, notes: Bool, level: Int = 3) -> String {
    let systems = [("Debian", "debian"), ("Ubuntu", "ubuntu"), ("Fedora", "fedora")]
    let children = systems.enumerated().map { index, system -> ContainerChild in
      var body = "<pre><code>install cvsite on \(system.0)</code></pre>\n"
      if notes, system.1 == "fedora" {
        body += "<h4 id=\"fedora-notes\">Fedora notes</h4>\n<p>SELinux needs no change.</p>\n"
      }
      return child(
        index, title: system.0, body: body, id: "\(id)-\(system.1)",
        values: system.1 == "ubuntu" ? ["default": .bool(true)] : [:])
    }
    return r.render(
      instance("tabs", label: label, attributes: ["sync": .string("os")], id: id, level: level, children: children))
  }

  static func tabsPage(_ r: ThemeRenderer) -> Page {
    var body = "<h2 id=\"install\">Install</h2>\n"
    body += osTabs(r, id: "install-tabs", label: "Operating system", notes: true)
    body += "<h2 id=\"toolchain\">Toolchain</h2>\n"
    body += osTabs(r, id: "toolchain-tabs", label: "Toolchain", notes: false)
    body += "<h2 id=\"editor\">Editor</h2>\n"
    let editors = ["Vim", "Emacs", "VS Code"].enumerated().map { (index: Int, name: String) -> ContainerChild in
      child(
        index, title: name, body: "<p>Use \(name) with a <a href=\"#install\">Markdown mode</a>.</p>\n",
        id: "editor-\(index + 1)")
    }
    body += r.render(instance("tabs", label: "Editor", id: "editor-tabs", level: 3, children: editors))
    let toc = [
      TOCLink(level: 2, id: "install", text: "Install"),
      TOCLink(level: 4, id: "fedora-notes", text: "Fedora notes", tab: "Fedora"),
      TOCLink(level: 2, id: "toolchain", text: "Toolchain"), TOCLink(level: 2, id: "editor", text: "Editor"),
    ]
    return Page(file: "tabs.html", title: "Tabs", body: body, toc: toc)
  }

  static func tabsSecondPage(_ r: ThemeRenderer) -> Page {
    Page(
      file: "tabs-2.html", title: "More tabs",
      body: "<p>This group shares the <code>os</code> sync key with the tabs page.</p>\n"
        + osTabs(r, id: "again-tabs", label: "Operating system", notes: false, level: 2))
  }

  static func stepsPage(_ r: ThemeRenderer) -> Page {
    let steps: [(String, String, Bool)] = [
      ("Install the toolchain", "done", false), ("Build cvsite", "done", false), ("Create a site", "current", false),
      ("Add a theme", "todo", true), ("Build and publish", "todo", false),
    ]
    let children = steps.enumerated().map { index, step in
      child(
        index, title: step.0, body: "<p>\(step.0): what to run and what to expect.</p>\n", id: "step-\(index + 1)",
        values: ["status": .enumCase(step.1), "optional": .bool(step.2)])
    }
    var body = r.render(instance("steps", label: "Getting started", id: "start-steps", children: children))
    body += "<h2 id=\"plain-list\">From a plain list</h2>\n"
    let items = ["Write a page", "Preview it", "Publish"].enumerated().map { index, text in
      child(
        index, body: "<p>\(text)</p>\n", id: "list-step-\(index + 1)",
        values: index == 0 ? ["status": .enumCase("done")] : [:])
    }
    body += r.render(instance("steps", attributes: ["start": .int(4)], id: "list-steps", level: 3, children: items))
    return Page(file: "steps.html", title: "Steps", body: body)
  }

  static func field(_ r: ThemeRenderer, _ id: String, _ attributes: [String: TypedValue]) -> String {
    r.render(instance("field", attributes: attributes, id: id, children: []))
  }

  static func formPage(_ r: ThemeRenderer) -> Page {
    let about =
      field(
        r, "name",
        [
          "name": .string("name"), "type": .enumCase("text"), "label": .string("Your name"), "required": .bool(true),
          "autocomplete": .string("name"),
        ])
      + field(
        r, "email",
        [
          "name": .string("email"), "type": .enumCase("email"), "label": .string("Email address"),
          "required": .bool(true), "autocomplete": .string("email"), "help": .string("We only use it to answer you."),
        ])
    let message =
      field(
        r, "topic",
        [
          "name": .string("topic"), "type": .enumCase("select"), "label": .string("Topic"),
          "options": .string("Question, Bug report, Idea"),
        ])
      + field(
        r, "message",
        [
          "name": .string("message"), "type": .enumCase("textarea"), "label": .string("Message"),
          "required": .bool(true), "minlength": .int(5),
        ])
    let confirm = field(
      r, "copy", ["name": .string("copy"), "type": .enumCase("checkbox"), "label": .string("Send me a copy")])
    let children = [
      child(0, title: "About you", body: about, id: "about-you"),
      child(1, title: "Your message", body: message, id: "your-message"),
      child(2, title: "Confirm", body: confirm, id: "confirm", values: ["optional": .bool(true)]),
    ]
    let form = r.render(
      instance(
        "form", label: "Contact the team", attributes: ["action": .url("thanks.html"), "method": .enumCase("get")],
        id: "contact", children: children))
    return Page(
      file: "form.html", title: "Contact", body: "<p>Three steps; all of them work without JavaScript.</p>\n" + form)
  }

  /// Writes every page and the theme's assets into `folder`.
  static func write(_ theme: Theme, to folder: URL, pages: [Page]) throws -> [URL] {
    let manager = FileManager.default
    try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    let navigation = pages.map { NavigationLink(title: $0.title, url: $0.file) }
    var written: [URL] = []
    for page in pages {
      let nav = navigation.map { link in
        NavigationLink(title: link.title, url: link.url, isCurrent: link.url == page.file)
      }
      let html = theme.renderPage(
        PageContext(
          title: page.title, bodyHTML: page.body, url: "/" + page.file, siteTitle: "cvsite fixtures",
          siteDescription: "Every container of the default theme", baseURL: "/", language: "en", navigation: nav,
          tableOfContents: page.toc),
        layout: "page")
      let url = folder.appendingPathComponent(page.file)
      try Data(html.utf8).write(to: url)
      written.append(url)
    }
    let thanks = theme.renderPage(
      PageContext(title: "Thanks", bodyHTML: "<p>Your message was sent.</p>\n", siteTitle: "cvsite fixtures"),
      layout: "404")
    try Data(thanks.utf8).write(to: folder.appendingPathComponent("thanks.html"))
    for asset in theme.assets {
      let target = folder.appendingPathComponent(asset.outputPath)
      try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      guard let bytes = asset.contents() else { throw CocoaError(.fileReadUnknown) }
      try Data(bytes).write(to: target)
    }
    return written
  }
}
