// harness_main.h - main() of the host harness that crosscheck.py builds for
// one family: it includes host_shim.h, the rewritten .cu and a table K of
// {name, glue} pairs before this file.
//
// argv: KERNEL GX GY GZ BX BY BZ SHARED REPEAT ARG...
//   ARG = s:HEXBITS (a scalar's raw bits) | b:PATH (a buffer, read from PATH
//   and written back to PATH after the launch)
#include <string>

int main(int argc, char **argv) {
  if (argc < 10) {
    fprintf(stderr, "usage: KERNEL GX GY GZ BX BY BZ SHARED REPEAT ARG...\n");
    return 2;
  }
  std::string name = argv[1];
  void (*fn)(HostArg *) = nullptr;
  for (auto &k : K)
    if (name == k.name)
      fn = k.fn;
  if (!fn) {
    fprintf(stderr, "unknown kernel %s\n", argv[1]);
    return 2;
  }
  dim3 grid{(unsigned)atoi(argv[2]), (unsigned)atoi(argv[3]), (unsigned)atoi(argv[4])};
  dim3 block{(unsigned)atoi(argv[5]), (unsigned)atoi(argv[6]), (unsigned)atoi(argv[7])};
  size_t shared = strtoull(argv[8], nullptr, 10);
  int repeat = atoi(argv[9]);
  std::vector<HostArg> args;
  std::vector<std::pair<std::string, std::vector<unsigned char>>> bufs;
  bufs.reserve(argc);
  for (int i = 10; i < argc; ++i) {
    std::string a = argv[i];
    HostArg h{0, nullptr};
    if (a[0] == 's') {
      h.bits = strtoull(a.c_str() + 2, nullptr, 16);
    } else {
      std::string path = a.substr(2);
      FILE *f = fopen(path.c_str(), "rb");
      if (!f) {
        perror(path.c_str());
        return 2;
      }
      std::vector<unsigned char> data;
      unsigned char tmp[65536];
      size_t n;
      while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
        data.insert(data.end(), tmp, tmp + n);
      fclose(f);
      data.resize(data.size() + 64);  // slack, 16-byte aligned start below
      bufs.emplace_back(path, std::move(data));
      h.p = bufs.back().second.data();
    }
    args.push_back(h);
  }
  host_launch(fn, args.data(), grid, block, shared, repeat);
  for (auto &b : bufs) {
    FILE *f = fopen(b.first.c_str(), "wb");
    fwrite(b.second.data(), 1, b.second.size() - 64, f);
    fclose(f);
  }
  return 0;
}
