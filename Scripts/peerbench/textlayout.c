/* W6's text-layout peer: Pango lays out the texts sheen-bench's `text.layout.*` cases lay out
 * (the label; the Latin, Chinese, Korean, Thai, Arabic, Hebrew and Devanagari paragraphs), with the
 * same font files and pixel sizes, unhinted and with unrounded glyph positions as SheenText lays
 * out, and reports ns per layout.
 *
 *   textlayout ROUNDS CASE=FILE...   (CASE a sheen-bench case name, FILE the text sheen-bench --dump wrote)
 *
 * One JSON line per case: {"case", "library": "Pango", "ns_per_call" (median round),
 * "best_ns_per_call", "lines"}. Each call is what a label or a text view does for new text: a new
 * PangoLayout, its font, width and wrapping set, the text set, its extents asked for (which lays
 * it out), the layout freed. The font map and context are made once, as a renderer keeps them. */
#define _POSIX_C_SOURCE 200809L
#include <pango/pangocairo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct {
    const char *name;
    const char *text;
    PangoFontDescription *font;
    int width_px;
    int one_line;   /* the label: one line, tail-truncated when it does not fit */
    int calls;      /* layouts per round */
} layout_case;

/* One layout as a label makes it; returns its line count. */
static int lay_out(PangoContext *context, const layout_case *c) {
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_font_description(layout, c->font);
    pango_layout_set_width(layout, c->width_px * PANGO_SCALE);
    if (c->one_line) {
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
        pango_layout_set_height(layout, -1);
    } else {
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
    }
    pango_layout_set_text(layout, c->text, -1);
    PangoRectangle ink, logical;
    pango_layout_get_extents(layout, &ink, &logical);
    int lines = pango_layout_get_line_count(layout);
    g_object_unref(layout);
    return lines;
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(2); }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (!s || fread(s, 1, (size_t)n, f) != (size_t)n) { fprintf(stderr, "textlayout: cannot read %s\n", path); exit(2); }
    s[n] = 0;
    fclose(f);
    return s;
}

/* The cases this peer knows: sheen-bench's font, width and calls per round for each. */
static const struct { const char *name; int bold; int width_px; int one_line; int calls; } known[] = {
    { "text.layout.label", 1, 1024, 1, 2000 },
    { "text.layout.paragraph", 0, 600, 0, 40 },
    { "text.layout.chinese", 0, 600, 0, 200 },
    { "text.layout.korean", 0, 600, 0, 200 },
    { "text.layout.thai", 0, 600, 0, 100 },
    { "text.layout.arabic", 0, 600, 0, 100 },
    { "text.layout.hebrew", 0, 600, 0, 100 },
    { "text.layout.devanagari", 0, 600, 0, 100 },
};

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: textlayout ROUNDS CASE=FILE...\n");
        return 2;
    }
    int rounds = atoi(argv[1]);
    if (rounds < 1) rounds = 1;

    PangoFontMap *map = pango_cairo_font_map_new();
    PangoContext *context = pango_font_map_create_context(map);
    /* SheenText's layout: unhinted outlines, fractional advances. */
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(context, FALSE);

    PangoFontDescription *bold = pango_font_description_from_string("DejaVu Sans Bold");
    pango_font_description_set_absolute_size(bold, 48 * PANGO_SCALE);
    PangoFontDescription *sans = pango_font_description_from_string("DejaVu Sans");
    pango_font_description_set_absolute_size(sans, 16 * PANGO_SCALE);

    for (int a = 2; a < argc; a++) {
        const char *equals = strchr(argv[a], '=');
        size_t k = 0, count = sizeof known / sizeof known[0];
        while (equals && k < count && (strlen(known[k].name) != (size_t)(equals - argv[a])
                                       || strncmp(known[k].name, argv[a], (size_t)(equals - argv[a])) != 0)) k++;
        if (!equals || k == count) {
            fprintf(stderr, "textlayout: not a known CASE=FILE: %s\n", argv[a]);
            return 2;
        }
        char *text = read_file(equals + 1);
        layout_case c = { known[k].name, text, known[k].bold ? bold : sans, known[k].width_px, known[k].one_line,
                          known[k].calls };
        int lines = 0;
        for (int w = 0; w < 3; w++) lines = lay_out(context, &c);   /* warm the font caches */
        double *per_call = malloc(sizeof(double) * (size_t)rounds);
        for (int r = 0; r < rounds; r++) {
            double t0 = now_ns();
            for (int i = 0; i < c.calls; i++) lines = lay_out(context, &c);
            per_call[r] = (now_ns() - t0) / c.calls;
        }
        qsort(per_call, (size_t)rounds, sizeof(double), compare_doubles);
        printf("{\"case\": \"%s\", \"library\": \"Pango\", \"ns_per_call\": %.1f, \"best_ns_per_call\": %.1f, "
               "\"lines\": %d}\n", c.name, per_call[rounds / 2], per_call[0], lines);
        fflush(stdout);
        free(per_call);
        free(text);
    }
    pango_font_description_free(bold);
    pango_font_description_free(sans);
    g_object_unref(context);
    g_object_unref(map);
    return 0;
}
