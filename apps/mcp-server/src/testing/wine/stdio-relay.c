/*
 * Test harness only (the Wine end-to-end test): stdio-relay.exe COMMAND [ARGS…] runs COMMAND with
 * Windows pipes as its stdin, stdout and stderr, and copies this process's own standard streams to and
 * from them. Wine hands a program started from Linux its Unix pipes as standard handles, and libuv
 * cannot open those as pipes: SetNamedPipeHandleState fails (NtSetInformationFile(FilePipeInformation)
 * returns STATUS_OBJECT_TYPE_MISMATCH), so node.exe stops with "open EBADF" on process.stdin or
 * process.stdout. Exits with COMMAND's exit code once it has ended and its output is copied.
 * Built with Debian's mingw-w64: x86_64-w64-mingw32-gcc -o stdio-relay.exe stdio-relay.c
 */
#include <windows.h>

typedef struct {
  HANDLE from, to;
} Copy;

static DWORD WINAPI copy(LPVOID arg) {
  Copy *c = arg;
  char buffer[65536];
  DWORD read, written;
  while (ReadFile(c->from, buffer, sizeof buffer, &read, NULL) && read > 0) {
    for (DWORD done = 0; done < read; done += written)
      if (!WriteFile(c->to, buffer + done, read - done, &written, NULL)) return 1;
  }
  CloseHandle(c->to);
  return 0;
}

/* The command line after this program's own name (quoted or not). */
static LPWSTR rest_of_command_line(void) {
  LPWSTR line = GetCommandLineW();
  if (*line == L'"') {
    line++;
    while (*line && *line != L'"') line++;
    if (*line) line++;
  } else {
    while (*line && *line != L' ' && *line != L'\t') line++;
  }
  while (*line == L' ' || *line == L'\t') line++;
  return line;
}

int main(void) {
  SECURITY_ATTRIBUTES inherit = {sizeof inherit, NULL, TRUE};
  HANDLE in_r, in_w, out_r, out_w, err_r, err_w;
  if (!CreatePipe(&in_r, &in_w, &inherit, 0) || !CreatePipe(&out_r, &out_w, &inherit, 0) ||
      !CreatePipe(&err_r, &err_w, &inherit, 0))
    return 125;
  /* The child inherits only its own ends. */
  SetHandleInformation(in_w, HANDLE_FLAG_INHERIT, 0);
  SetHandleInformation(out_r, HANDLE_FLAG_INHERIT, 0);
  SetHandleInformation(err_r, HANDLE_FLAG_INHERIT, 0);

  STARTUPINFOW startup = {sizeof startup};
  startup.dwFlags = STARTF_USESTDHANDLES;
  startup.hStdInput = in_r;
  startup.hStdOutput = out_w;
  startup.hStdError = err_w;
  PROCESS_INFORMATION child;
  if (!CreateProcessW(NULL, rest_of_command_line(), NULL, NULL, TRUE, 0, NULL, NULL, &startup, &child))
    return 126;
  CloseHandle(in_r);
  CloseHandle(out_w);
  CloseHandle(err_w);

  static Copy input, output, error;
  input = (Copy){GetStdHandle(STD_INPUT_HANDLE), in_w};
  output = (Copy){out_r, GetStdHandle(STD_OUTPUT_HANDLE)};
  error = (Copy){err_r, GetStdHandle(STD_ERROR_HANDLE)};
  CreateThread(NULL, 0, copy, &input, 0, NULL);
  HANDLE copies[] = {CreateThread(NULL, 0, copy, &output, 0, NULL),
                     CreateThread(NULL, 0, copy, &error, 0, NULL)};
  WaitForSingleObject(child.hProcess, INFINITE);
  WaitForMultipleObjects(2, copies, TRUE, 5000);
  DWORD code = 1;
  GetExitCodeProcess(child.hProcess, &code);
  return (int)code;
}
