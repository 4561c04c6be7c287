// Placeholder until the themes module lands.
import CvsiteMarkdown
