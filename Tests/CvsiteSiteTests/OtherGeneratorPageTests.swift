import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// Pages written for Docusaurus and Starlight: `.mdx` files, their sidebar front matter,
/// Docusaurus' absolute slugs, Starlight's and MkDocs Material's search switches.
@Suite("Pages of other generators")
struct OtherGeneratorPageTests {
  static let pages = [
    "content/_index.md": "# Home\n",
    "content/docs/setup.mdx":
      "---\ntitle: Setting up\nsidebar_position: 1\nsidebar_label: Setup\n---\nimport Tabs from '@theme/Tabs';\n\nText.\n",
    "content/docs/advanced.md": "---\ntitle: Advanced\nsidebar:\n  order: 2\n  label: More\n---\nText.\n",
    "content/docs/basics.md": "---\ntitle: Basics\nsidebar_position: 1.5\nprev: Back home\n---\nText.\n",
    "content/docs/secret.md": "---\ntitle: Secret\nsidebar:\n  hidden: true\npagefind: false\n---\nText.\n",
    "content/docs/quiet.md": "---\ntitle: Quiet\nsearch:\n  exclude: true\n---\nText.\n",
    "content/docs/intro.md": "---\ntitle: Intro\nslug: /welcome/here\n---\nText.\n",
    "content/guide/_category_.json": "{\"label\": \"The Guide\", \"position\": 0.5}\n",
    "content/guide/a.md": "# A\n",
    "content/zeta/_category_.yml": "label: Last\nposition: 9\n",
    "content/zeta/b.md": "# B\n",
    "content/docs/_shared.mdx": "Shared *words*.\n",
    "content/docs/uses.mdx": "---\ntitle: Uses\n---\nimport Shared from './_shared.mdx';\n\n<Shared />\n",
  ]

  @Test("sidebar settings order and title the navigation; hidden pages leave it")
  func sidebar() throws {
    let site = try TemporarySite(site: Self.pages)
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    #expect(outcome.result.diagnostics.isEmpty, "no unknown keys: \(outcome.result.diagnostics.summaries)")
    let page = try #require(site.read("docs/setup/index.html"))
    let nav = try #require(page.firstRange(of: "<nav class=\"cv-nav\"").map { String(page[$0.lowerBound...]) })
    let setup = try #require(nav.range(of: ">Setup<"))
    let basics = try #require(nav.range(of: ">Basics<"))
    let more = try #require(nav.range(of: ">More<"))
    #expect(setup.lowerBound < basics.lowerBound && basics.lowerBound < more.lowerBound)
    #expect(!nav.contains(">Secret<"))
    #expect(site.exists("docs/secret/index.html"))
    #expect(page.contains("<title>Setting up · Fixture</title>"), "the page keeps its own title")
    // `_category_.json` titles and places a folder; it is not copied to the output.
    let guide = try #require(nav.range(of: ">The Guide<"))
    let docs = try #require(nav.range(of: ">Docs<"))
    let last = try #require(nav.range(of: ">Last<"))
    #expect(docs.lowerBound < guide.lowerBound && guide.lowerBound < last.lowerBound)
    #expect(!site.exists("guide/_category_.json"))
  }

  @Test("`pagefind: false` and `search: {exclude: true}` keep a page out of search")
  func searchSwitches() throws {
    let site = try TemporarySite(site: Self.pages)
    _ = site.build()
    let folder = site.output.appendingPathComponent("search/p")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let pages = files.compactMap { site.read("search/p/" + $0) }.joined()
    #expect(pages.contains("/docs/basics/"))
    #expect(!pages.contains("/docs/secret/"))
    #expect(!pages.contains("/docs/quiet/"))
  }

  @Test("a partial is included where its tag is, and is no page of its own")
  func partials() throws {
    let site = try TemporarySite(site: Self.pages)
    _ = site.build()
    #expect(site.read("docs/uses/index.html")?.contains("<p>Shared <em>words</em>.</p>") == true)
    #expect(!site.exists("docs/_shared/index.html"))
    #expect(!site.exists("docs/_shared.mdx"))
  }

  @Test("a slug from the site's root is the page's whole path, as in Docusaurus")
  func absoluteSlug() throws {
    let site = try TemporarySite(site: Self.pages)
    _ = site.build()
    #expect(site.exists("welcome/here/index.html"))
    #expect(!site.exists("docs/intro/index.html"))
    #expect(PageURL.isValidSlug("/a/b") && PageURL.isValidSlug("/") && !PageURL.isValidSlug("/a/../b"))
    #expect(PageURL.isValidSlug("a/b") && PageURL.isValidSlug("../intro") && !PageURL.isValidSlug("a/./b"))
    // A relative slug is from the page's folder; `..` goes up, never above the root.
    #expect(PageURL.url(for: "guide/setup.md", kind: .page, slug: "api/client") == "/guide/api/client/")
    #expect(PageURL.url(for: "intro/get-started.md", kind: .page, slug: "../") == "/")
    #expect(PageURL.url(for: "a/b/c.md", kind: .page, slug: "../../../../x") == "/x/")
    #expect(
      PageURL.url(for: "2-guide/01-c.md", kind: .page, slug: "../start", strippingNumberPrefixes: true) == "/start/")
  }
}

/// Docusaurus, VitePress and Starlight projects build where they stand: found by their
/// settings program, pages from where each keeps them, output where each writes it.
@Suite("Projects of other generators")
struct ScriptedProjectTests {
  @Test(
    "each project's settings file, pages folder and output folder",
    arguments: [
      ("docusaurus.config.js", "docs", "build"),
      (".vitepress/config.mts", "guide/..", ".vitepress/dist"),
      // A config folder gathered by its index, as Pinia's and Vue Router's are.
      (".vitepress/config/index.ts", "guide/..", ".vitepress/dist"),
      ("astro.config.mjs", "src/content/docs", "dist"),
    ])
  func builds(_ settings: String, _ folder: String, _ output: String) throws {
    let pages = folder == "guide/.." ? "" : folder + "/"
    let site = try TemporarySite(files: [
      settings: "export default {\n  title: 'Widgets',\n}\n",
      "\(pages)index.md": "---\ntitle: Home\n---\nSee [the guide](./guide/start).\n",
      "\(pages)guide/start.md": "# Start\n\nBack [home](../index.md) and [next](./next#part).\n",
      "\(pages)guide/next.md": "# Next\n\n## Part\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let notice = try #require(outcome.result.diagnostics.first { $0.location?.path == settings })
    #expect(notice.severity == .warning && notice.message.contains("does not run"))
    let root = site.root.appendingPathComponent(output)
    let home = try #require(site.read("index.html", in: root))
    #expect(home.contains("guide/start"))
    let start = try #require(site.read("guide/start/index.html", in: root))
    #expect(start.contains("<title>Start · Widgets</title>"), "the title read from the settings program")
    #expect(start.contains(#"<a href="/guide/next/#part">next</a>"#), "a page written without its extension")
    #expect(outcome.result.diagnostics.allSatisfy { !$0.message.contains("broken link") })
  }

  @Test("VitePress' own layouts are the theme's default layout, with a warning")
  func vitePressLayouts() throws {
    let site = try TemporarySite(files: [
      ".vitepress/config.ts": "export default { title: \"Docs\" }\n",
      "index.md": "---\nlayout: home\nhero:\n  name: Docs\n---\nWelcome.\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    #expect(outcome.result.diagnostics.contains { $0.message.contains("layout `home`") && $0.severity == .warning })
    let home = try #require(site.read("index.html", in: site.root.appendingPathComponent(".vitepress/dist")))
    #expect(home.contains("Welcome."))
  }

  @Test(
    "VitePress pages: `sidebar: false` and `sidebar: auto` are warnings, `blog.md` beside `blog/` is the folder's page")
  func vitePressPages() throws {
    let site = try TemporarySite(files: [
      ".vitepress/config.ts": "export default { title: \"Docs\" }\n",
      "index.md": "# Home\n\nSee [the blog](./blog.md).\n",
      "blog.md": "---\nsidebar: false\n---\n# Blog\n",
      "blog/first-post.md": "# First post\n",
      "api.md": "---\nsidebar: 'auto'\n---\n# API\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let sidebar = outcome.result.diagnostics.first { $0.message.contains("sidebar: false") }
    #expect(sidebar?.severity == .warning)
    #expect(sidebar?.location == SourceLocation(path: "./blog.md", line: 2, column: 1))
    let auto = outcome.result.diagnostics.first { $0.message.contains("sidebar: auto") }
    #expect(auto?.severity == .warning)
    #expect(auto?.location == SourceLocation(path: "./api.md", line: 2, column: 1))
    let output = site.root.appendingPathComponent(".vitepress/dist")
    #expect(try #require(site.read("blog/index.html", in: output)).contains("<h1 class=\"cv-title\">Blog</h1>"))
    #expect(site.read("blog/first-post/index.html", in: output) != nil)
  }

  @Test("a README beside an index is a page of its own; a link to a file of the repository is read")
  func readmeAndRepositoryLinks() throws {
    let repository = try TemporarySite(files: [
      ".git/HEAD": "ref: refs/heads/main\n",
      "art/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
      "docs/.vitepress/config.ts": "export default { title: \"Docs\" }\n",
      "docs/index.md": "# Home\n",
      "docs/README.md": "# About these docs\n",
    ])
    let docs = repository.root.appendingPathComponent("docs")
    try FileManager.default.createDirectory(
      at: docs.appendingPathComponent("images"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: docs.appendingPathComponent("images/logo.svg").path, withDestinationPath: "../../art/logo.svg")
    try FileManager.default.createSymbolicLink(
      atPath: docs.appendingPathComponent("art").path, withDestinationPath: "../art")
    var options = BuildOptions(siteRoot: docs)
    options.jobs = 2
    let outcome = SiteBuilder.build(options)
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let output = docs.appendingPathComponent(".vitepress/dist")
    #expect(repository.exists("art/logo.svg", in: output), "a linked folder of the repository, and what it holds")
    #expect(repository.read("index.html", in: output)?.contains("Home") == true)
    #expect(repository.read("README/index.html", in: output)?.contains("About these docs") == true)
    #expect(repository.exists("images/logo.svg", in: output), "the link into the repository is followed")
  }

  @Test("two tabs of a VitePress code group with one label are a warning, the page shown")
  func duplicateTabLabels() throws {
    let site = try TemporarySite(files: [
      ".vitepress/config.ts": "export default { title: \"Docs\" }\n",
      "index.md":
        "# Home\n\n::: code-group\n\n```sh [npm]\nnpm i vite\n```\n\n```sh [npm]\nnpm i -D vite\n```\n\n:::\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let clash = try #require(outcome.result.diagnostics.first { $0.message.contains("must be unique") })
    #expect(clash.severity == .warning && clash.location?.path.hasSuffix("index.md") == true)
    let home = try #require(site.read("index.html", in: site.root.appendingPathComponent(".vitepress/dist")))
    #expect(home.contains("npm i -D vite"))
  }

  @Test("Starlight: an unknown container is a warning, its text shown with its classes; tsconfig aliases import")
  func starlightDirectivesAndAliases() throws {
    let site = try TemporarySite(files: [
      "astro.config.mjs":
        "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'T' })] };\n",
      "tsconfig.json": "{\n  // aliases\n  \"compilerOptions\": {\n    \"baseUrl\": \".\",\n    \"paths\": {\n"
        + "      \"@fragments/*\": [\"src/content/docs/_fragments/*\"]\n    }\n  }\n}\n",
      "src/content/docs/_fragments/cta.mdx": "Get **started** now.\n",
      "src/content/docs/index.mdx": "---\ntitle: Home\n---\nimport Cta from '@fragments/cta.mdx';\n\n"
        + ":::section{.columns.min200}\nInside the section.\n:::\n\n<Cta />\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let unknown = try #require(outcome.result.diagnostics.first { $0.message.contains("unknown container `section`") })
    #expect(unknown.severity == .warning)
    #expect(!outcome.result.diagnostics.contains { $0.message.contains("separated by spaces") })
    let home = try #require(site.read("index.html", in: site.root.appendingPathComponent("dist")))
    #expect(home.contains(#"class="cv-section columns min200""#) && home.contains("Inside the section."))
    #expect(home.contains("Get <strong>started</strong> now."), "the fragment imported through the alias")
  }

  @Test("MkDocs: a page wins over a copied file at its place, with a warning; copies of the same bytes are one")
  func yieldingOutputs() throws {
    let site = try TemporarySite(files: [
      "mkdocs.yml": "site_name: S\n",
      "docs/index.md": "# Home\n",
      "docs/app/README.md": "# The app\n",
      "docs/app/index.html": "<html>app</html>\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let yielded = try #require(outcome.result.diagnostics.first { $0.message.contains("is not copied") })
    #expect(yielded.severity == .warning && yielded.location?.path == "docs/app/index.html")
    #expect(site.read("app/index.html", in: site.root.appendingPathComponent("site"))?.contains("The app") == true)
    let docusaurus = try TemporarySite(files: [
      "docusaurus.config.js": "module.exports = { title: 'D' };\n",
      "docs/intro.md": "# Intro\n\n![Shot](./img/shot.png)\n",
      "docs/img/shot.png": "PNG",
      "static/img/shot.png": "PNG",
    ])
    let built = docusaurus.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    #expect(!built.result.diagnostics.contains { $0.message.contains("both written") })
  }

  @Test(
    "Docusaurus versions: the newest at the root, the pages being written under /next/, older ones by name, each with its sidebars"
  )
  func docusaurusVersions() throws {
    let site = try TemporarySite(files: [
      "docusaurus.config.js": "module.exports = { title: 'D' };\n",
      "sidebars.js": "module.exports = { docs: ['intro', 'added'] };\n",
      "docs/intro.md": "# Intro\n\nNext text.\n",
      "docs/added.md": "# Added\n\nNew in next.\n",
      "versions.json": "[\"2.0\", \"1.0\", \"0.9\"]\n",
      "versioned_docs/version-2.0/intro.md": "# Intro\n\nVersion 2 text.\n",
      "versioned_docs/version-1.0/intro.md": "# Intro\n\nVersion 1 text.\n",
      "versioned_docs/version-1.0/old.md": "# Old\n\nOnly in 1.0.\n",
      "versioned_sidebars/version-1.0-sidebars.json": "{\"docs\": [\"old\", \"intro\"]}\n",
    ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let missing = try #require(built.result.diagnostics.first { $0.message.contains("`0.9`") })
    #expect(missing.severity == .warning && missing.location?.path == "versions.json")
    let output = site.root.appendingPathComponent("build")
    #expect(try #require(site.read("intro/index.html", in: output)).contains("Version 2 text."))
    #expect(try #require(site.read("next/intro/index.html", in: output)).contains("Next text."))
    #expect(site.read("next/added/index.html", in: output) != nil)
    let old = try #require(site.read("1.0/intro/index.html", in: output))
    #expect(old.contains("Version 1 text."))
    let menu = try #require(old.range(of: #"href="/1.0/old/">Old<"#))
    let intro = try #require(old.range(of: #"href="/1.0/intro/" aria-current="page">Intro<"#))
    #expect(menu.lowerBound < intro.lowerBound, "the version's own sidebar orders its navigation")
    #expect(site.read("versions.json", in: output)?.contains("next") == true)

    // `lastVersion: 'current'` puts the pages being written at the root, by their label.
    let current = try TemporarySite(files: [
      "docusaurus.config.js":
        "module.exports = {\n  title: 'D',\n  presets: [['classic', {\n    docs: {\n      lastVersion: 'current',\n"
        + "      versions: { current: { label: '3.x' } },\n    },\n  }]],\n};\n",
      "docs/intro.md": "# Intro\n\nNext text.\n",
      "versions.json": "[\"2.0\"]\n",
      "versioned_docs/version-2.0/intro.md": "# Intro\n\nVersion 2 text.\n",
    ])
    let builtCurrent = current.build()
    #expect(builtCurrent.result.succeeded, "\(builtCurrent.result.diagnostics.summaries)")
    let currentOutput = current.root.appendingPathComponent("build")
    #expect(try #require(current.read("intro/index.html", in: currentOutput)).contains("Next text."))
    #expect(try #require(current.read("2.0/intro/index.html", in: currentOutput)).contains("Version 2 text."))
    #expect(current.read("versions.json", in: currentOutput)?.contains("3.x") == true)
  }

  @Test("VitePress: markdown.attrs delimiters from a settings folder's other file give headings their ids")
  func vitePressAttributeDelimiters() throws {
    let site = try TemporarySite(files: [
      ".vitepress/config/index.ts": "import { shared } from './shared'\nexport default { ...shared, title: 'P' }\n",
      ".vitepress/config/shared.ts":
        "export const shared = {\n  markdown: {\n    attrs: { leftDelimiter: '%{', rightDelimiter: '}%' },\n  },\n}\n",
      "index.md": "# Home\n\nSee [the intro](./intro#introduction).\n",
      "intro.md": "# Intro\n\n## 简介 %{#introduction}%\n\nText.\n",
    ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    #expect(!built.result.diagnostics.contains { $0.message.contains("introduction") }, "the link finds its id")
    let page = try #require(site.read("intro/index.html", in: site.root.appendingPathComponent(".vitepress/dist")))
    #expect(page.contains(#"id="introduction""#) && !page.contains("%{"))
  }

  @Test("a settings file of each generator is found, cvsite.yml and mkdocs.yml first")
  func found() throws {
    let site = try TemporarySite(files: ["docusaurus.config.ts": "", "astro.config.mjs": ""])
    #expect(SiteSettings.file(in: site.root) == "docusaurus.config.ts")
    #expect(SiteSettings.defaultOutputFolder(in: site.root) == "build")
    let starlight = try TemporarySite(files: ["astro.config.mjs": ""])
    #expect(SiteSettings.file(in: starlight.root) == nil, "an Astro site without Starlight's pages folder")
    #expect(ScriptedProject.firstTitle(in: "x\n  title: `T ${a}`,\n  title: \"Real\"\n") == "Real")
  }
}
