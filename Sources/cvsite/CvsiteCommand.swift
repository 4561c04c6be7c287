import ArgumentParser
import CvsiteSite

@main
struct CvsiteCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cvsite",
    abstract: "A static-site generator whose containers read typed values from their sections.",
    discussion: """
      Examples:
        cvsite new my-site            make a site that uses every built-in container
        cvsite build my-site          build it into my-site/public/
        cvsite serve my-site          preview it with live reload
        cvsite check                  check the site in this folder without writing
        cvsite render page.md         print one page's HTML body

      Exit status: 0 success, 1 errors in the content, 2 usage or I/O errors.
      """,
    version: cvsiteVersionString,
    subcommands: [Build.self, Serve.self, Check.self, Render.self, New.self]
  )
}

/// The version `--version` prints.
let cvsiteVersionString = "0.1.0"
