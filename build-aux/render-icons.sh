#!/bin/sh
# Renders the application icon (data/icons/hicolor/scalable/apps/*.svg) to
# the fixed-size PNGs beside it.  Run after editing the SVG; needs
# rsvg-convert (Debian: librsvg2-bin).  The PNGs are committed, so building
# does not need an SVG renderer.
set -e
cd "$(dirname "$0")/.."
svg=data/icons/hicolor/scalable/apps/org.cheops.Studio.svg
for size in 16 32 48 64 128 256; do
  mkdir -p "data/icons/hicolor/${size}x${size}/apps"
  rsvg-convert -w "$size" -h "$size" "$svg" \
    -o "data/icons/hicolor/${size}x${size}/apps/org.cheops.Studio.png"
done
