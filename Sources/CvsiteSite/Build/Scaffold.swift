import Foundation

/// Makes new sites (`cvsite new`): a working site that uses every built-in container.
public enum SiteScaffold {
  static func files(title: String) -> [(path: String, contents: String)] {
    [
      (
        "cvsite.yml",
        """
        title: \(yamlQuoted(title))
        baseURL: https://example.com/
        language: en
        description: A site made with cvsite.

        """
      ),
      (
        "content/_index.md",
        """
        ---
        title: \(yamlQuoted(title))
        ---

        Welcome! This site was made by `cvsite new`. Edit the files in `content/`, then run
        `cvsite build` to write the site to `public/`.

        ::::cards{cols=auto}
        :::card[Guide]{href=/guide/ badge=new}
        Steps and tabs, written as Markdown sections.
        :::
        :::card[Contact]{href=/contact/}
        A stepped form that works with and without JavaScript.
        :::
        ::::

        """
      ),
      (
        "content/guide/_index.md",
        """
        ---
        title: Guide
        list: cards
        ---

        The pages of this section, listed as cards.

        """
      ),
      (
        "content/guide/setup.md",
        """
        ---
        title: Set up
        weight: 1
        badge: new
        ---

        :::steps
        ## Install cvsite {status=done}
        Unpack the release archive and run its `install.sh`: one executable, nothing else.

        ## Write a page {status=current}
        Add a Markdown file under `content/`.

        ## Publish {status=todo}
        Build the site, then copy `public/` to any static host:

        ```sh
        # from the site's folder
        cvsite build
        rsync -a --delete public/ www.example.com:/var/www/site/
        ```
        :::

        """
      ),
      (
        "content/guide/platforms.md",
        """
        ---
        title: Platforms
        weight: 2
        ---

        Preview the site while you write, on the system you write on:

        :::tabs{sync=os}
        ## Linux {value=linux default}
        `cvsite serve` rebuilds on every save and reloads the page.

        ## Elsewhere {value=elsewhere}
        cvsite runs on Linux; on another system, run it in a Linux container or virtual
        machine with the site's folder shared.
        :::

        """
      ),
      (
        "content/contact.md",
        """
        ---
        title: Contact
        ---

        :::form[Contact us]{action=/contact/ method=post}
        ## You {status=current}
        ::field{name=email type=email label="Email address" required}

        ## Your message
        ::field{name=message type=textarea label="Message" required}
        :::

        """
      ),
      ("static/.keep", ""),
    ]
  }

  static func yamlQuoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// Writes a new site into `folder`, which must not exist or be empty.
  public static func create(at folder: URL, title: String) throws {
    let manager = FileManager.default
    if manager.fileExists(atPath: folder.path) {
      let entries = try manager.contentsOfDirectory(atPath: folder.path)
      guard entries.isEmpty else { throw OutputError(message: "\(folder.path) already exists and is not empty") }
    }
    for file in files(title: title) {
      let url = folder.appendingPathComponent(file.path)
      try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(file.contents.utf8).write(to: url)
    }
  }
}
