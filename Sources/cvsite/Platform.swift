// The command-line tool is for Linux: the preview server watches files with inotify, and
// the build is tested there only. Elsewhere the build stops here with this message
// rather than deep inside the file watcher.
#if !os(Linux)
#error("cvsite runs on Linux; on other systems use the ContainerViews library, or run cvsite in a Linux container")
#endif
