#!/bin/sh
# Regenerates the test certificate authority and the two server certificates of the live-domain
# test server (Tests/LiveDomains/server.py). Test-only keys: see certs/README.md.
#
#   Tests/LiveDomains/make-certs.sh
#
# The CA lasts 100 years. The leaves last 825 days, the most macOS accepts for a TLS server
# certificate from a user-trusted CA; server.py refuses to start, naming this script, when a
# leaf expires within 30 days. Rerun this script then and commit the new certs/.
set -eu
cd "$(dirname "$0")/certs"

# Every name server.py serves with its own file, one SAN each (no *.test wildcard: verifiers
# reject a wildcard directly under a top-level domain). wrongcert.test is missing on purpose:
# it is served with other.pem, a certificate for other.test only.
# xn--montral-fya.test is "montréal.test" (python3 -c 'print("montréal".encode("idna"))').
NAMES="good.test www.good.test sub.good.test redirect.test missing.test error.test html.test
big.test endless.test slow.test texttype.test xn--montral-fya.test cdn.test"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The certificate authority.
openssl req -x509 -new -newkey rsa:2048 -nodes -sha256 -days 36525 \
  -subj "/O=TapRoute/CN=TapRoute Test CA" \
  -keyout ca-key.pem -out ca.pem \
  -addext "basicConstraints=critical,CA:TRUE,pathlen:0" \
  -addext "keyUsage=critical,keyCertSign,cRLSign" \
  -addext "subjectKeyIdentifier=hash"

# leaf NAME "SAN,SAN,...": a server certificate NAME.pem with its key NAME-key.pem.
leaf() {
  cat > "$tmp/$1.ext" <<EXT
basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature,keyEncipherment
extendedKeyUsage=serverAuth
subjectAltName=$2
subjectKeyIdentifier=hash
authorityKeyIdentifier=keyid,issuer
EXT
  openssl req -new -newkey rsa:2048 -nodes -sha256 -subj "/O=TapRoute/CN=$3" \
    -keyout "$1-key.pem" -out "$tmp/$1.csr"
  openssl x509 -req -in "$tmp/$1.csr" -CA ca.pem -CAkey ca-key.pem -CAcreateserial \
    -sha256 -days 825 -extfile "$tmp/$1.ext" -out "$1.pem"
}

sans=""
for name in $NAMES; do sans="$sans${sans:+,}DNS:$name"; done
leaf server "$sans" "TapRoute test server"
leaf other "DNS:other.test" "other.test"
rm -f ca.srl

openssl verify -CAfile ca.pem server.pem other.pem
