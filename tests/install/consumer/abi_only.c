/* A host's view: the installed C header alone, as C99. */
#include <cloisterkit/plugin.h>
#include <stdio.h>

int main(void) {
    printf("ABI %d.%d, schema revision %d\n", CK_ABI_MAJOR, CK_ABI_MINOR, CK_SCHEMA_REVISION);
    return 0;
}
