#!/usr/bin/env bash
# Spotreel seed media generator (ADR 077).
#
# Produces one short, vertical (9:16, 360x640, 24 fps) clip per kind of place in
# db/seed/world-data.ts (PLACE_KINDS): the kind's name, a symbol of it and words of
# what it serves or does, in colours of its own. Some kinds have a quiet synthesised
# ambient sound track (room murmur, a soft beat, a calm pad); the others are silent.
# For every clip it writes:
#   clips/<kind>.mp4   H.264 (Main profile), yuv420p, +faststart; AAC mono if it has sound
#   clips/<kind>.webm  VP9, yuv420p; Opus mono if it has sound
#   clips/<kind>.jpg   poster (a frame from the middle of the clip)
# plus clips/manifest.json ([{ name, kind, durationMs, width, height, hasAudio }]).
#
# A place's own look (its hue, its name over the picture) is laid on by the app at run
# time, so the product never needs ffmpeg: only this script does, and its outputs are
# committed. Everything is synthesised from lavfi sources (gradients, drawtext with
# DejaVu Sans Bold, anoisesrc, sine) with fixed seeds and no downloads, so re-running
# it yields the same pictures.
#
# Usage (from the repo root):  bash db/seed/media/generate.sh [kind...]
# Requires: ffmpeg + ffprobe (Debian: apt-get install -y ffmpeg fonts-dejavu-core)
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT_DIR="${SCRIPT_DIR}/clips"
FONT="${SPOTREEL_FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}"

# ---------------------------------------------------------------- checks ----
for bin in ffmpeg ffprobe; do
  if ! command -v "$bin" >/dev/null 2>&1; then
    echo "error: '$bin' not found on PATH." >&2
    echo "       Install it first, e.g. on Debian/Ubuntu:" >&2
    echo "         sudo apt-get install -y ffmpeg fonts-dejavu-core" >&2
    exit 1
  fi
done
if [[ ! -f "$FONT" ]]; then
  echo "error: font not found: $FONT" >&2
  echo "       Install it with: sudo apt-get install -y fonts-dejavu-core" >&2
  exit 1
fi
ENCODERS="$(ffmpeg -hide_banner -encoders 2>/dev/null || true)"
for enc in libx264 libvpx-vp9 mjpeg ffv1 aac libopus flac; do
  if [[ "$ENCODERS" != *" ${enc} "* ]]; then
    echo "error: this ffmpeg build has no '${enc}' encoder." >&2
    exit 1
  fi
done

# ------------------------------------------------------------- settings ----
W=360 H=640      # output size (9:16)
FPS=24
DUR=5            # seconds; every motion below repeats in DUR, so the loop has no seam
X264_CRF=28      # H.264 quality (lower = bigger)
VP9_CRF=40       # VP9 quality (lower = bigger)
JPG_Q=5          # mjpeg qscale, roughly "quality 75"
AAC_RATE=40k     # mono AAC in the MP4
OPUS_RATE=24k    # mono Opus in the WebM

INK="#15131C"

TMP_DIR="$(mktemp -d "${TMPDIR:-/tmp}/spotreel-media.XXXXXX")"
trap 'rm -rf "$TMP_DIR"' EXIT
mkdir -p "$OUT_DIR"

# ---------------------------------------------------------------- kinds ----
# key|label|symbol|three words|colour 1|colour 2|colour 3|text colour|sound
# The key is PLACE_KINDS' key. Sound: none, room (a murmur of voices and plates), beat (a soft
# four-on-the-floor under a low pad), calm (a slow pad over wind), groove (a walking bass line).
KINDS=(
  "italian-restaurant|Italian Restaurant|❦|PASTA BASIL VINO|#B8332E|#E8743B|#F6C667|#FFFBF6|room"
  "taqueria|Taqueria|☀|TACOS SALSA LIME|#1E8C5A|#F2B705|#E4572E|#FFFBF6|room"
  "pizzeria|Pizzeria|◕|SLICE MARGHERITA CRUST|#C0392B|#F39C12|#FBE3B0|#FFFBF6|none"
  "burger-joint|Burger Joint|☰|BURGERS FRIES SHAKES|#7A3E1D|#D9822B|#F4D35E|#FFFBF6|none"
  "coffee-shop|Coffee Shop|☕|ESPRESSO LATTE BEANS|#4B2E20|#8C5A3C|#D9B38C|#FFFBF6|calm"
  "brunch-cafe|Brunch Cafe|◎|EGGS MIMOSA PANCAKES|#F7B32B|#FCE38A|#F38181|#15131C|none"
  "sushi-bar|Sushi Bar|◉|NIGIRI MAKI SASHIMI|#10131F|#2B3A55|#E94F37|#FFFBF6|none"
  "noodle-bar|Noodle Bar|♨|RAMEN PHO UDON|#8E1B1B|#D1495B|#EDAE49|#FFFBF6|room"
  "bbq-joint|BBQ Joint|✹|BRISKET RIBS SMOKE|#2B1B17|#7F2E1B|#E07A1F|#FFFBF6|none"
  "bakery|Bakery|❁|CROISSANT SOURDOUGH BUNS|#E9C46A|#F4E1C1|#D4A373|#15131C|none"
  "seafood-restaurant|Seafood & Oyster Bar|⚓|OYSTERS CRAB CHOWDER|#0B3C5D|#328CC1|#D9E8F5|#FFFBF6|calm"
  "mediterranean-grill|Mediterranean Grill|☼|MEZZE OLIVES KEBAB|#1D5C63|#E9B44C|#F2E8CF|#FFFBF6|none"
  "neighborhood-restaurant|Neighborhood Restaurant|⌂|DINNER REGULARS SPECIALS|#3D405B|#E07A5F|#F2CC8F|#FFFBF6|room"
  "bistro|Bistro|❧|STEAK FRITES VIN|#5C1A1B|#9E2A2B|#E09F3E|#FFFBF6|none"
  "food-hall|Food Hall|▦|STALLS SNACKS TABLES|#264653|#2A9D8F|#E9C46A|#FFFBF6|room"
  "cocktail-bar|Cocktail Bar|▽|NEGRONI MARTINI SOUR|#1B1030|#5B1A8C|#FF3CAC|#FFFBF6|groove"
  "dive-bar|Dive Bar|★|BEER JUKEBOX POOL|#1A1A1A|#3E2C23|#C8553D|#FFFBF6|none"
  "brewery|Brewery & Taproom|❋|IPA STOUT PILSNER|#3A2E0F|#C68B19|#F2D16B|#FFFBF6|room"
  "wine-bar|Wine Bar|♦|RED WHITE ROSE|#3B0A1E|#7B1E3A|#C9A66B|#FFFBF6|groove"
  "nightclub|Nightclub|✦|DANCE BASS DJ|#0D0221|#261447|#2DE2E6|#FFFBF6|beat"
  "live-music-bar|Live Music Bar|♫|LIVE ENCORE STAGE|#140F2D|#3F1D5C|#F7B32B|#FFFBF6|groove"
  "boutique-hotel|Boutique Hotel|⚜|SUITES LOBBY DESIGN|#1F3B3A|#2C7A7B|#E8D5B7|#FFFBF6|none"
  "hotel|Hotel|☾|ROOMS POOL VIEWS|#0F2540|#2E5E8C|#A9CCE3|#FFFBF6|calm"
  "bed-and-breakfast|Bed & Breakfast|✿|COZY ROOMS BREAKFAST|#6B8F71|#AAD2BA|#F5E6CC|#15131C|none"
  "hotel-rooftop-bar|Hotel Rooftop Bar|☽|ROOFTOP SUNSET SKYLINE|#2E1F4F|#C0587E|#F9A03F|#FFFBF6|groove"
  "museum|Museum|⚱|GALLERY EXHIBITS ART|#2F2F2F|#6D6875|#E5D3B3|#FFFBF6|none"
  "food-tour|Food Tour|⚑|TASTINGS STOPS LOCALS|#2A9D8F|#F4A261|#E76F51|#FFFBF6|room"
  "day-spa|Day Spa|♨|STEAM MASSAGE CALM|#9DB4AB|#D8E2DC|#F4ACB7|#15131C|calm"
  "escape-room|Escape Room|?|CLUES LOCKS ESCAPE|#0B0C10|#1F2833|#C5A70A|#FFFBF6|none"
  "bowling-alley|Bowling Alley|♙|STRIKE SPARE LANES|#1B1B3A|#693668|#F2545B|#FFFBF6|beat"
  "park|Park & Garden|☘|TREES PICNIC TRAILS|#2D6A4F|#74C69D|#D8F3DC|#FFFBF6|calm"
  "clothing-boutique|Clothing Boutique|✂|DRESSES DENIM LINEN|#F1C0B9|#E5989B|#6D597A|#15131C|none"
  "bookstore|Bookstore|✎|NOVELS POETRY ZINES|#283618|#606C38|#FEFAE0|#FFFBF6|none"
  "vintage-store|Vintage Store|✻|RETRO VINYL DENIM|#BC6C25|#DDA15E|#FEFAE0|#15131C|none"
  "record-store|Record Store|◎|VINYL LPS B-SIDES|#111111|#353535|#F25C54|#FFFBF6|groove"
  "gift-shop|Gift & Design Shop|✧|GIFTS PRINTS CANDLES|#FFD6E0|#E4D7FF|#CFF5E7|#15131C|none"
  "law-office|Law Office|⚖|COUNSEL CONTRACTS ADVICE|#1C2541|#3A506B|#C9B79C|#FFFBF6|none"
  "accounting-firm|Accounting Firm|∑|TAXES AUDIT PAYROLL|#1B3A4B|#3E7C7C|#CFE0C3|#FFFBF6|none"
  "dental-clinic|Dental Clinic|✚|SMILE CHECKUPS CARE|#E0FBFC|#98C1D9|#3D5A80|#15131C|none"
  "physical-therapy-clinic|Physical Therapy Clinic|⚕|MOVE STRETCH RECOVER|#3D5A80|#98C1D9|#E0FBFC|#FFFBF6|none"
  "coworking-space|Coworking Space|⚙|DESKS WIFI COFFEE|#22223B|#4A4E69|#C9ADA7|#FFFBF6|none"
  "insurance-agency|Insurance Agency|☂|HOME AUTO LIFE|#14213D|#2B4C7E|#FCA311|#FFFBF6|none"
)

field() { local IFS='|'; read -r -a F <<<"$1"; echo "${F[$2]}"; }
kind_row() {
  local row
  for row in "${KINDS[@]}"; do
    [[ "${row%%|*}" == "$1" ]] && { echo "$row"; return 0; }
  done
  return 1
}

# ------------------------------------------------------------- picture ----
# drawtext options shared by every text: the font, and a soft shadow for contrast.
txt() { echo "drawtext=fontfile=${FONT}:text='${1}':shadowcolor=${INK}@0.35:shadowx=0:shadowy=2:${2}"; }

# video_graph <row>: background gradient, a halo and the kind's symbol bobbing in the middle,
# six small symbols rising, its three words drifting across, and its name at the top.
video_graph() {
  local row="$1" label symbol words c1 c2 c3 fg
  label="$(field "$row" 1)" symbol="$(field "$row" 2)" words="$(field "$row" 3)"
  c1="$(field "$row" 4)" c2="$(field "$row" 5)" c3="$(field "$row" 6)" fg="$(field "$row" 7)"
  local tau="(2*PI*t/${DUR})" g k
  g="gradients=s=${W}x${H}:r=${FPS}:d=${DUR}:seed=1:c0=${c1}:c1=${c2}:c2=${c3}:n=3"
  g+=":x0=0:y0=${H}:x1=${W}:y1=0:speed=0.012,"
  g+="drawtext=fontfile=${FONT}:text='●':fontsize=330:fontcolor=${fg}@0.16"
  g+=":x=(w-text_w)/2:y=(h-text_h)/2-40+10*sin(${tau}),"
  local opts
  for k in 0 1 2 3 4 5; do
    # symbol k rises one screen height (plus its own) per loop, from its own starting point
    opts="fontsize=$((26 + 6 * (k % 3))):fontcolor=${fg}@0.45"
    opts+=":x=$((24 + 56 * k))+10*sin(${tau}+${k})"
    opts+=":y='mod($((k * 113))-t*$(((H + 60) / DUR)),$((H + 60)))-40'"
    g+="$(txt "$symbol" "$opts"),"
  done
  g+="$(txt "$symbol" "fontsize=170:fontcolor=${fg}:x=(w-text_w)/2:y=(h-text_h)/2-40+14*sin(${tau})"),"
  local word i=0
  for word in $words; do
    # each word crosses the frame once per loop; the three lines move at the same pace
    opts="fontsize=30:fontcolor=${fg}@0.6:x='w-mod(t*$(((W + 360) / DUR))+$((i * 240)),w+360)'"
    opts+=":y=$((430 + 44 * i))"
    g+="$(txt "$word" "$opts"),"
    i=$((i + 1))
  done
  g+="drawbox=x=(iw-40)/2:y=56:w=40:h=5:color=${fg}:t=fill,"
  g+="$(txt "$label" "fontsize=$(label_size "$label"):fontcolor=${fg}:x=(w-text_w)/2:y=76"),"
  g+="format=yuv420p"
  echo "$g"
}

# Long names get a smaller size so they fit the 360 px width.
label_size() { local n=${#1}; if ((n > 18)); then echo 22; elif ((n > 13)); then echo 26; else echo 30; fi; }

# --------------------------------------------------------------- sound ----
# audio_graph <style>: DUR seconds of quiet mono sound at 48 kHz, faded in and out so the loop
# does not click. Levels stay low (a mean of about -30 to -38 dBFS): ambience, not music.
audio_graph() {
  local base="aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=mono"
  local fade="afade=t=in:d=0.4,afade=t=out:st=$((DUR - 1)):d=1"
  case "$1" in
    room) # a murmur: pink noise in the band of voices, swelling slowly
      echo "anoisesrc=d=${DUR}:c=pink:seed=7:a=0.25,bandpass=f=700:width_type=o:w=2,tremolo=f=0.6:d=0.5,volume=1.5,${base},${fade}" ;;
    calm) # wind-like brown noise under a slow fifth
      echo "anoisesrc=d=${DUR}:c=brown:seed=3:a=0.3,lowpass=f=500[n];sine=f=220:d=${DUR}[s1];sine=f=330:d=${DUR}[s2];[s1][s2]amix=inputs=2,volume=0.12,tremolo=f=0.4:d=0.6[p];[n][p]amix=inputs=2,volume=1.8,${base},${fade}" ;;
    beat) # a soft kick on every beat (120 bpm) under a low hum
      echo "sine=f=55:d=${DUR},volume='0.5*exp(-12*mod(t,0.5))':eval=frame[k];sine=f=110:d=${DUR},volume=0.05[h];[k][h]amix=inputs=2,volume=3,${base},${fade}" ;;
    groove) # a bass pulse walking between two notes, brushed by a little noise
      echo "sine=f=82:d=${DUR},volume='0.4*exp(-6*mod(t,0.625))*(1-0.3*gte(mod(t,2.5),1.25))':eval=frame[b];anoisesrc=d=${DUR}:c=white:seed=5:a=0.04,highpass=f=4000,volume='exp(-20*mod(t+0.3125,0.625))':eval=frame[s];[b][s]amix=inputs=2,volume=3.6,${base},${fade}" ;;
  esac
}

# ------------------------------------------------------------- encoding ----
ENC_FLAGS=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact)

render_clip() {
  local key="$1" row sound frames master
  row="$(kind_row "$key")"
  sound="$(field "$row" 8)"
  frames=$((DUR * FPS))
  master="${TMP_DIR}/${key}.mkv"

  # 1) lossless master (so the three outputs show exactly the same pictures)
  local graph maps=(-map "[v]") amaster=(-an)
  graph="$(video_graph "$row")[v]"
  if [[ "$sound" != none ]]; then
    graph+=";$(audio_graph "$sound")[a]"
    maps+=(-map "[a]")
    amaster=(-c:a flac)
  fi
  ffmpeg -nostdin -hide_banner -loglevel error -y -filter_complex "$graph" "${maps[@]}" \
    -frames:v "$frames" -t "$DUR" -c:v ffv1 -pix_fmt yuv420p "${amaster[@]}" "$master"

  local amp4=(-an) awebm=(-an)
  if [[ "$sound" != none ]]; then
    amp4=(-c:a aac -b:a "$AAC_RATE" -ac 1)
    awebm=(-c:a libopus -b:a "$OPUS_RATE" -ac 1)
  fi

  # 2) MP4 / H.264 Main, moov atom up front
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$master" "${amp4[@]}" \
    -c:v libx264 -preset slower -profile:v main -level:v 3.0 -crf "$X264_CRF" \
    -pix_fmt yuv420p -r "$FPS" -g 48 -x264-params "threads=1" \
    -movflags +faststart "${ENC_FLAGS[@]}" "${OUT_DIR}/${key}.mp4"

  # 3) WebM / VP9
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$master" "${awebm[@]}" \
    -c:v libvpx-vp9 -b:v 0 -crf "$VP9_CRF" -deadline good -cpu-used 2 \
    -threads 1 -pix_fmt yuv420p -r "$FPS" -g 96 \
    "${ENC_FLAGS[@]}" "${OUT_DIR}/${key}.webm"

  # 4) JPEG poster: the middle frame
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$master" \
    -vf "select='eq(n\\,$((frames / 2)))',format=yuvj420p" -frames:v 1 \
    -c:v mjpeg -q:v "$JPG_Q" "${ENC_FLAGS[@]}" "${OUT_DIR}/${key}.jpg"

  rm -f "$master"
}

probe_duration_ms() {
  ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$1" |
    awk '{ printf "%d", $1 * 1000 + 0.5 }'
}

# verify_video <file> <none|...>: the right size, audio exactly when the kind has sound, and
# decodable to the end.
verify_video() {
  local f="$1" sound="$2" info audio errs
  info="$(ffprobe -v error -select_streams v:0 \
    -show_entries stream=codec_type,width,height -of csv=p=0 "$f")"
  if [[ "$info" != "video,${W},${H}" ]]; then
    echo "verify: $f: unexpected stream info '$info'" >&2
    return 1
  fi
  audio="$(ffprobe -v error -select_streams a -show_entries stream=index -of csv=p=0 "$f")"
  if [[ "$sound" == none && -n "$audio" ]] || [[ "$sound" != none && -z "$audio" ]]; then
    echo "verify: $f: audio stream '${audio}' does not match sound '${sound}'" >&2
    return 1
  fi
  errs="$(ffmpeg -nostdin -v error -i "$f" -f null - 2>&1 || true)"
  if [[ -n "$errs" ]]; then
    echo "verify: $f: decode errors:" >&2
    echo "$errs" >&2
    return 1
  fi
}

# ----------------------------------------------------------------- main ----
# Optional arguments: kinds to (re)render; default is all of them.
# The manifest always covers all kinds (so they must all exist).
ALL=()
for row in "${KINDS[@]}"; do ALL+=("${row%%|*}"); done
TODO=("${ALL[@]}")
if (($# > 0)); then
  for key in "$@"; do
    if ! kind_row "$key" >/dev/null; then
      echo "error: unknown kind '${key}'. Known: ${ALL[*]}" >&2
      exit 1
    fi
  done
  TODO=("$@")
fi

echo "Generating ${#TODO[@]} clip(s) into ${OUT_DIR}"
for key in "${TODO[@]}"; do
  printf '  %-24s ' "$key"
  render_clip "$key"
  echo "ok"
done

for key in "${ALL[@]}"; do
  for ext in mp4 webm jpg; do
    if [[ ! -s "${OUT_DIR}/${key}.${ext}" ]]; then
      echo "note: ${key}.${ext} missing; run without arguments to build everything." >&2
      echo "      manifest.json not written." >&2
      exit 0
    fi
  done
done

echo "Verifying and writing manifest.json"
manifest="${TMP_DIR}/manifest.json"
{
  echo "["
  i=0
  for key in "${ALL[@]}"; do
    sound="$(field "$(kind_row "$key")" 8)"
    verify_video "${OUT_DIR}/${key}.mp4" "$sound"
    verify_video "${OUT_DIR}/${key}.webm" "$sound"
    ms="$(probe_duration_ms "${OUT_DIR}/${key}.mp4")"
    has_audio=true
    [[ "$sound" == none ]] && has_audio=false
    i=$((i + 1))
    sep=","
    ((i == ${#ALL[@]})) && sep=""
    printf '  { "name": "%s", "kind": "%s", "durationMs": %s, "width": %d, "height": %d, "hasAudio": %s }%s\n' \
      "$key" "$key" "$ms" "$W" "$H" "$has_audio" "$sep"
  done
  echo "]"
} >"$manifest"
mv "$manifest" "${OUT_DIR}/manifest.json"

total="$(du -cb "${OUT_DIR}"/* | awk 'END { print $1 }')"
echo "Done. Total size of ${OUT_DIR}: ${total} bytes"
if ((total > 8000000)); then
  echo "warning: clips/ exceeds 8 MB; raise X264_CRF / VP9_CRF / JPG_Q" >&2
fi
