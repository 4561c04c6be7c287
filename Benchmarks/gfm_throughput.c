/* cmark-gfm's parse+render throughput with the GFM extensions cvsite implements, on one
 * thread, best of 5 passes: the reference for MarkdownBenchmark's GFM figure.
 *
 * build:  cc -O2 -o gfm_throughput gfm_throughput.c -lcmark-gfm -lcmark-gfm-extensions
 * usage:  ./gfm_throughput FILE...   (prints: pages bytes best_seconds)
 */
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  int count = argc - 1;
  char **texts = calloc(count, sizeof *texts);
  size_t *sizes = calloc(count, sizeof *sizes);
  size_t total = 0;
  for (int i = 0; i < count; i++) {
    FILE *file = fopen(argv[i + 1], "rb");
    if (!file) { perror(argv[i + 1]); return 1; }
    fseek(file, 0, SEEK_END);
    sizes[i] = ftell(file);
    fseek(file, 0, SEEK_SET);
    texts[i] = malloc(sizes[i] + 1);
    if (fread(texts[i], 1, sizes[i], file) != sizes[i]) { perror(argv[i + 1]); return 1; }
    fclose(file);
    total += sizes[i];
  }
  cmark_gfm_core_extensions_ensure_registered();
  const char *names[] = {"table", "strikethrough", "autolink", "tasklist"};
  int options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES;
  double best = 1e9;
  size_t check = 0;
  for (int pass = 0; pass < 5; pass++) {
    double start = now();
    for (int i = 0; i < count; i++) {
      cmark_parser *parser = cmark_parser_new(options);
      cmark_llist *list = NULL;
      for (int e = 0; e < 4; e++) cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(names[e]));
      cmark_parser_feed(parser, texts[i], sizes[i]);
      cmark_node *document = cmark_parser_finish(parser);
      char *html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser));
      check += strlen(html);
      free(html);
      cmark_node_free(document);
      cmark_parser_free(parser);
      (void)list;
    }
    double seconds = now() - start;
    if (seconds < best) best = seconds;
  }
  printf("%d %zu %.6f %zu\n", count, total, best, check);
  return 0;
}
