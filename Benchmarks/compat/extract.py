#!/usr/bin/env python3
"""Extract a commit's tree from a git directory whose snapshot lacks some blobs.

    extract.py GIT_DIR COMMIT DEST

run.sh uses `git archive COMMIT | tar -x` and falls back to this when that fails: the
mirrors the corpus is built from leave out files of 4 MiB and more (and Git LFS content),
and `git archive` stops at the first missing blob. Here every blob present is written, and
every missing one becomes an empty file (so that links to it still find a file); their
paths are printed on standard output, one a line. Symbolic links are written as links;
submodules are skipped. Python 3 standard library only.
"""

import os
import subprocess
import sys


def main():
    git_dir, commit, dest = sys.argv[1:4]
    listing = subprocess.run(["git", "-C", git_dir, "ls-tree", "-r", "-z", "--full-tree", commit],
                             check=True, capture_output=True).stdout
    entries = []
    for item in listing.split(b"\0"):
        if not item:
            continue
        meta, path = item.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob":
            entries.append((mode.decode(), sha.decode(), os.fsdecode(path)))

    batch = subprocess.Popen(["git", "-C", git_dir, "cat-file", "--batch"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    missing = []
    for mode, sha, path in entries:
        batch.stdin.write(sha.encode() + b"\n")
        batch.stdin.flush()
        header = batch.stdout.readline().split()
        target = os.path.join(dest, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if len(header) < 3 or header[1] == b"missing":
            missing.append(path)
            open(target, "wb").close()
            continue
        size = int(header[2])
        data = batch.stdout.read(size)
        batch.stdout.read(1)  # the newline after the content
        if mode == "120000":
            if os.path.lexists(target):
                os.remove(target)
            os.symlink(os.fsdecode(data), target)
            continue
        with open(target, "wb") as f:
            f.write(data)
        if mode == "100755":
            os.chmod(target, 0o755)
    batch.stdin.close()
    batch.wait()
    for path in missing:
        print(path)


if __name__ == "__main__":
    main()
