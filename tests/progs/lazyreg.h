/* lazyreg.h — a register whose writes become visible to other threads late. */
void lazyreg_write(long v);
long lazyreg_read(void);
