#!/usr/bin/env python3
"""The live-domain test server: HTTPS on the loopback interface, one case per host name.

    python3 Tests/LiveDomains/server.py --port-file FILE [--log FILE]

Binds 127.0.0.1 on a port the system picks, writes the port number to FILE once it accepts
connections, and exits when its standard input closes (so a test process that dies leaves no
server behind) or on SIGTERM. Clients reach a host with curl's
`--connect-to HOST:443:127.0.0.1:PORT` and trust certs/ca.pem with `--cacert`.

The certificate is chosen by the TLS server name (SNI): wrongcert.test gets certs/other.pem, a
certificate for other.test only; every other name gets certs/server.pem. The reply is chosen by
the Host header and the path: each origin host is one case for the AASA file (ORIGIN below) and
one for Android's assetlinks.json (ASSETLINKS below); a Host the server does not know gets 421.

--log appends one JSON line per request: host, sni, method, path, headers.

Standard library only. The certificates come from make-certs.sh; the server refuses to start
when one expires within 30 days.
"""

import argparse
import http.server
import json
import os
import select
import signal
import socket
import ssl
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CERTS = os.path.join(HERE, "certs")
AASA_PATH = "/.well-known/apple-app-site-association"
ASSETLINKS_PATH = "/.well-known/assetlinks.json"

GOOD = json.dumps(
    {
        "applinks": {
            "details": [
                {
                    "appIDs": ["TEAMID1234.com.example.app"],
                    "components": [{"/": "/buy/*", "exclude": True}, {"/": "/item/*"}],
                }
            ]
        }
    },
    separators=(",", ":"),
).encode()

# The copy Apple's CDN still has: older than the origin's, without the exclusion.
GOOD_CDN = json.dumps(
    {
        "applinks": {
            "details": [{"appIDs": ["TEAMID1234.com.example.app"], "components": [{"/": "/item/*"}]}]
        }
    },
    separators=(",", ":"),
).encode()


def big_file(size=200_000):
    """A valid AASA object of at least `size` bytes (Apple's CDN reportedly stops at 128 KB)."""
    entry = len('{"/":"/item/000000/*"},')
    components = [{"/": "/item/%06d/*" % i} for i in range(size // entry + 1)]
    return json.dumps(
        {"applinks": {"details": [{"appIDs": ["TEAMID1234.com.example.app"], "components": components}]}},
        separators=(",", ":"),
    ).encode()


BIG = big_file()

UNDER_CONSTRUCTION = b"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Site under construction</title>
<style>body { font-family: sans-serif; text-align: center; margin-top: 20%; }</style>
</head>
<body>
<h1>We&rsquo;ll be back soon!</h1>
<p>This site is under construction. Please check back later.</p>
</body>
</html>
"""

NOT_FOUND = b"""<!DOCTYPE html>
<html><head><title>404 Not Found</title></head>
<body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body></html>
"""

FINGERPRINT = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"


def statement(package, components=None):
    """One assetlinks.json statement granting handle_all_urls to `package`, signed with FINGERPRINT."""
    item = {
        "relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": package, "sha256_cert_fingerprints": [FINGERPRINT]},
    }
    if components is not None:
        item["relation_extensions"] = {
            "delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": components}
        }
    return item


ASSETLINKS_GOOD = json.dumps(
    [statement("com.example.app", [{"/": "/buy/*", "exclude": True}, {"/": "/item/*"}])],
    separators=(",", ":"),
).encode()


def many_apps(size):
    """A valid assetlinks.json list of at least `size` bytes: one statement per app."""
    entry = len(json.dumps(statement("com.example.app000000"), separators=(",", ":"))) + 1
    return json.dumps(
        [statement("com.example.app%06d" % i) for i in range(size // entry + 1)], separators=(",", ":")
    ).encode()


# Over the AASA file's 128 KB, under the 1 MB TapRoute reads of an assetlinks.json file.
ASSETLINKS_MANY = many_apps(300_000)
# Over the 1 MB TapRoute reads of an assetlinks.json file.
ASSETLINKS_BIG = many_apps(1_100_000)

# The IDN host: "montréal.test" as its A-label, computed rather than typed.
IDN_HOST = "montréal".encode("idna").decode() + ".test"

# Host -> (status, headers, body) for the AASA path. Callables build the reply per request.
ORIGIN = {
    "good.test": (200, {"Content-Type": "application/json"}, GOOD),
    "www.good.test": (200, {"Content-Type": "application/json"}, GOOD),
    "redirect.test": (301, {"Location": "https://good.test" + AASA_PATH, "Content-Type": "text/html"},
                      b"<html><body>Moved</body></html>\n"),
    "missing.test": (404, {"Content-Type": "text/html"}, NOT_FOUND),
    "error.test": (500, {"Content-Type": "text/html"}, b"<html><body>Internal Server Error</body></html>\n"),
    "html.test": (200, {"Content-Type": "text/html; charset=utf-8"}, UNDER_CONSTRUCTION),
    "big.test": (200, {"Content-Type": "application/json"}, BIG),
    "texttype.test": (200, {"Content-Type": "text/plain"}, GOOD),
    "sub.good.test": (404, {"Content-Type": "text/html"}, NOT_FOUND),
    IDN_HOST: (200, {"Content-Type": "application/json"}, GOOD),
    # Special replies, handled in Handler: the certificate for another name (the reply is the good
    # file, for a client told to skip verification), a stream that never ends, a late reply.
    "wrongcert.test": (200, {"Content-Type": "application/json"}, GOOD),
    "endless.test": None,
    "slow.test": None,
}

# Host -> (status, headers, body) for the assetlinks.json path, the same cases as ORIGIN's:
# redirect.test goes from the apex to www (AND-31), and www.good.test serves many apps.
ASSETLINKS = {
    "good.test": (200, {"Content-Type": "application/json"}, ASSETLINKS_GOOD),
    "www.good.test": (200, {"Content-Type": "application/json"}, ASSETLINKS_MANY),
    "redirect.test": (301, {"Location": "https://www.good.test" + ASSETLINKS_PATH, "Content-Type": "text/html"},
                      b"<html><body>Moved</body></html>\n"),
    "missing.test": (404, {"Content-Type": "text/html"}, NOT_FOUND),
    "sub.good.test": (404, {"Content-Type": "text/html"}, NOT_FOUND),
    "error.test": (500, {"Content-Type": "text/html"}, b"<html><body>Internal Server Error</body></html>\n"),
    "html.test": (200, {"Content-Type": "text/html; charset=utf-8"}, UNDER_CONSTRUCTION),
    "big.test": (200, {"Content-Type": "application/json"}, ASSETLINKS_BIG),
    "texttype.test": (200, {"Content-Type": "text/plain"}, ASSETLINKS_GOOD),
    IDN_HOST: (200, {"Content-Type": "application/json"}, ASSETLINKS_GOOD),
    "wrongcert.test": (200, {"Content-Type": "application/json"}, ASSETLINKS_GOOD),
    "endless.test": None,
    "slow.test": None,
}

CDN_HOST = "cdn.test"
CDN_PREFIX = "/a/v1/"
CDN = {
    "good.test": (200, {"Content-Type": "application/json"}, GOOD_CDN),
    "texttype.test": (200, {"Content-Type": "application/json"}, GOOD),
    "slow.test": (404, {"Apple-Failure-Reason": "SWCERR00301 Timeout", "Content-Type": "text/plain"},
                  b"Not Found\n"),
}
CDN_NOT_FOUND = (404, {"Content-Type": "text/plain"}, b"Not Found\n")

SLOW_SECONDS = 60

LOG_LOCK = threading.Lock()
LOG_FILE = None


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "TapRouteTestServer/1"
    sys_version = ""

    def do_GET(self):
        self.reply(send_body=True)

    def do_HEAD(self):
        self.reply(send_body=False)

    def log_message(self, format, *args):
        pass  # the --log file is the record; stderr stays quiet for the tests

    def reply(self, send_body):
        host = (self.headers.get("Host") or "").lower()
        if host.endswith("]") or ":" not in host:
            name = host
        else:
            name = host.rsplit(":", 1)[0]
        path = self.path.split("?", 1)[0]
        self.record(host)

        if name == CDN_HOST:
            if path.startswith(CDN_PREFIX):
                answer = CDN.get(path[len(CDN_PREFIX):].lower(), CDN_NOT_FOUND)
            else:
                answer = CDN_NOT_FOUND
        elif name in ORIGIN:
            files = {AASA_PATH: ORIGIN, ASSETLINKS_PATH: ASSETLINKS}
            if path not in files:
                answer = (404, {"Content-Type": "text/html"}, NOT_FOUND)
            elif name == "endless.test":
                return self.endless(send_body, path)
            elif name == "slow.test":
                return self.slow(send_body, path)
            else:
                answer = files[path][name]
        else:
            answer = (421, {"Content-Type": "text/plain"}, b"Misdirected Request\n")
        self.send(*answer, send_body=send_body)

    def send(self, status, headers, body, send_body=True):
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def endless(self, send_body, path):
        """A JSON array that never ends, chunked, until the client goes away: the AASA file's
        details, or assetlinks.json's statements."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.close_connection = True
        if not send_body:
            self.wfile.write(b"0\r\n\r\n")
            return
        if path == ASSETLINKS_PATH:
            start = b"["
            entry = json.dumps(statement("com.example.app"), separators=(",", ":")).encode() + b","
        else:
            start = b'{"applinks":{"details":['
            entry = b'{"appIDs":["TEAMID1234.com.example.app"],"components":[{"/":"/item/*"}]},'
        chunk = entry * (65536 // len(entry))
        framed = b"%x\r\n%s\r\n" % (len(chunk), chunk)
        try:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(start), start))
            while True:
                self.wfile.write(framed)
                time.sleep(0.002)  # some 30 MB/s: endless all the same, without hogging a shared CPU
        except (OSError, ssl.SSLError):
            pass

    def slow(self, send_body, path):
        """Answers after SLOW_SECONDS, or stops early when the client closes the connection."""
        readable, _, _ = select.select([self.connection], [], [], SLOW_SECONDS)
        if readable:
            self.close_connection = True
            return  # the client hung up (or sent more); nothing to answer
        self.send(200, {"Content-Type": "application/json"}, GOOD if path == AASA_PATH else ASSETLINKS_GOOD, send_body)

    def record(self, host):
        if LOG_FILE is None:
            return
        headers = {}
        for key, value in self.headers.items():
            headers[key] = headers[key] + ", " + value if key in headers else value
        line = json.dumps(
            {
                "host": host,
                "sni": getattr(self.connection, "sni_name", None),
                "method": self.command,
                "path": self.path,
                "headers": headers,
            },
            sort_keys=True,
        )
        with LOG_LOCK:
            with open(LOG_FILE, "a", encoding="utf-8") as log:
                log.write(line + "\n")


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = False

    def __init__(self, address, contexts):
        super().__init__(address, Handler)
        self.contexts = contexts

    def get_request(self):
        sock, address = self.socket.accept()
        # The handshake runs on the first read, in the request's own thread, so a client that
        # never finishes it blocks nobody.
        return self.contexts["default"].wrap_socket(sock, server_side=True, do_handshake_on_connect=False), address

    def handle_error(self, request, client_address):
        kind = sys.exc_info()[0]
        if kind is not None and issubclass(kind, (OSError, ssl.SSLError)):
            return  # a client that rejected the certificate, timed out or hung up
        super().handle_error(request, client_address)


def make_contexts():
    def context(name):
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        ctx.set_alpn_protocols(["http/1.1"])
        ctx.load_cert_chain(os.path.join(CERTS, name + ".pem"), os.path.join(CERTS, name + "-key.pem"))
        return ctx

    default, other = context("server"), context("other")

    def pick(ssl_socket, server_name, _context):
        # server_name is the A-label (xn--...) form, or None without SNI.
        ssl_socket.sni_name = server_name
        if server_name == "wrongcert.test":
            ssl_socket.context = other
        return None

    default.sni_callback = pick
    return {"default": default, "other": other}


def check_expiry():
    for name in ("server.pem", "other.pem"):
        path = os.path.join(CERTS, name)
        decode = getattr(ssl._ssl, "_test_decode_cert", None)  # private, but in every CPython 3
        if decode is None:
            continue
        not_after = ssl.cert_time_to_seconds(decode(path)["notAfter"])
        days = (not_after - time.time()) / 86400
        if days < 30:
            sys.stderr.write(
                "server.py: Tests/LiveDomains/certs/%s expires in %d days; "
                "run Tests/LiveDomains/make-certs.sh and commit certs/\n" % (name, days)
            )
            sys.exit(3)


def main():
    global LOG_FILE
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log")
    args = parser.parse_args()
    LOG_FILE = args.log

    check_expiry()
    server = Server(("127.0.0.1", 0), make_contexts())

    def stop(*_):
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    # A child inherits its parent thread's blocked signals: started from a Swift test's worker
    # thread, SIGTERM and SIGINT arrive blocked.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})

    def watch_stdin():
        try:
            while sys.stdin.buffer.read(4096):
                pass
        finally:
            os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()

    temporary = args.port_file + ".tmp"
    with open(temporary, "w") as f:
        f.write("%d\n" % server.server_address[1])
    os.replace(temporary, args.port_file)  # appears whole: readers never see half a number

    server.serve_forever()


if __name__ == "__main__":
    main()
