// Linux's epoll, which the Glibc module does not include: MainLoop waits in it.
#include <sys/epoll.h>
