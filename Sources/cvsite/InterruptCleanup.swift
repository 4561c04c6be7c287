import CvsiteSite
import Dispatch
import Foundation

/// Ctrl-C, SIGTERM and SIGHUP during a build remove its staging folder before the process
/// ends, with the status a shell expects of the signal (128 + its number). Without this
/// an interrupted build left `.public.cvsite-staging-PID` beside the output.
final class InterruptCleanup {
  private let sources: [any DispatchSourceSignal]
  private let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Starts handling the signals; they are handled for as long as the value lives.
  init() {
    // A queue of its own: the build's workers may hold every thread of the global pool.
    let queue = DispatchQueue(label: "cvsite.interrupts")
    sources = signals.map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler {
        StagingCleanup.removeAll()
        writeToStandardError("\ninterrupted: the output was left as it was\n")
        exit(128 + number)
      }
      source.resume()
      return source
    }
  }

  /// Gives the signals back their default action (a command run in-process, as the
  /// tests do, must not leave them ignored: child processes would inherit that).
  deinit {
    for source in sources { source.cancel() }
    for number in signals { signal(number, SIG_DFL) }
  }
}
