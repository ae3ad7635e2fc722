// Test harness only (the Wine end-to-end test), preloaded into kioku with `node.exe -r`.
// Wine 8 has no setsockopt(IPPROTO_TCP, TCP_KEEPALIVE) ("Unknown IPPROTO_TCP optname 0x00000003"). libuv
// applies a keep-alive asked for before a socket connects as part of the connect, which then fails
// (connect UNKNOWN); undici (fetch) asks for one right after net.connect. Ask once connected instead,
// where libuv's failure to set the idle time is ignored.
const net = require('node:net');
const setKeepAlive = net.Socket.prototype.setKeepAlive;
net.Socket.prototype.setKeepAlive = function (enable, initialDelay) {
  if (!this.connecting) return setKeepAlive.call(this, enable, initialDelay);
  this.once('connect', () => setKeepAlive.call(this, enable, initialDelay));
  return this;
};
