/* tests/fuzz/replay.c — runs the fuzz target on every file of the seed corpus (or on the
 * files named), so make check replays it as a regression test; prints TAP. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run(const char *path, int n)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		printf("not ok %d - cannot open %s\n", n, path);
		return 1;
	}
	size_t cap = 1 << 16, len = 0, got;
	uint8_t *buf = malloc(cap);
	while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0)
		if ((len += got) == cap)
			buf = realloc(buf, cap *= 2);
	fclose(f);
	if (!buf)
		return 1;
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	printf("ok %d - %s\n", n, path);
	return 0;
}

int main(int argc, char **argv)
{
	char **files = NULL;
	int n = 0;
	if (argc > 1) {
		files = argv + 1;
		n = argc - 1;
	} else {
		const char *top = getenv("top_srcdir");
		char dir[4096];
		snprintf(dir, sizeof(dir), "%s/tests/fuzz/corpus", top ? top : ".");
		DIR *d = opendir(dir);
		if (!d) {
			printf("1..0 # SKIP no corpus at %s\n", dir);
			return 0;
		}
		for (struct dirent *e; (e = readdir(d));) {
			if (e->d_name[0] == '.')
				continue;
			files = realloc(files, (size_t)(n + 1) * sizeof(*files));
			files[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
			sprintf(files[n++], "%s/%s", dir, e->d_name);
		}
		closedir(d);
		qsort(files, (size_t)n, sizeof(*files), cmp);
	}
	printf("1..%d\n", n);
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad |= run(files[i], i + 1);
	if (argc == 1) {
		for (int i = 0; i < n; i++)
			free(files[i]);
		free(files);
	}
	return bad;
}
