#!/usr/bin/env bash
# Spotreel seed media generator.
#
# Produces 15 short, vertical (9:16, 360x640, 24 fps) clips used by the seeded
# world: 3 per super-category theme (dining, nightlife, hotel, experiences,
# shopping). For every clip it writes:
#   clips/<name>.mp4   H.264 (Main profile), yuv420p, +faststart, no audio
#   clips/<name>.webm  VP9, yuv420p, no audio
#   clips/<name>.jpg   poster (a frame from the middle of the clip)
# plus clips/manifest.json ([{ name, theme, durationMs, width, height }]).
#
# Everything is synthesised with ffmpeg's lavfi sources/filters (gradients,
# color, geq masks, drawbox, drawtext with DejaVu Sans Bold). No randomness
# beyond fixed seeds and no downloads, so re-running it yields the same
# pictures.
#
# Usage (from the repo root):  bash db/seed/media/generate.sh [clip-name...]
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
for enc in libx264 libvpx-vp9 mjpeg ffv1; do
  if [[ "$ENCODERS" != *" ${enc} "* ]]; then
    echo "error: this ffmpeg build has no '${enc}' encoder." >&2
    exit 1
  fi
done

# ------------------------------------------------------------- settings ----
W=360 H=640      # output size (9:16)
MW=180 MH=320    # geq mask resolution (upscaled 2x with bicubic: soft + fast)
FPS=24
X264_CRF=24      # H.264 quality (lower = bigger)
VP9_CRF=37       # VP9 quality (lower = bigger)
JPG_Q=4          # mjpeg qscale, roughly "quality 80"

# Brand palette (reference): ink #15131C, paper #FFFBF6, coral #FF5A4E,
# sun #FFC247, sea #2C7A7B
INK="#15131C" PAPER="#FFFBF6" CORAL="#FF5A4E" SUN="#FFC247" SEA="#2C7A7B"

TMP_DIR="$(mktemp -d "${TMPDIR:-/tmp}/spotreel-media.XXXXXX")"
trap 'rm -rf "$TMP_DIR"' EXIT

mkdir -p "$OUT_DIR"

# -------------------------------------------------- expression helpers ----
# All mask expressions are written in mask space (MW x MH = 180x320), with
# geq's X, Y (pixel) and T (seconds). A mask term evaluates to 0..1.

# soft-edged disc: disc cx cy r [soft]
disc() { echo "clip(((${3})-hypot(X-(${1}),Y-(${2})))/(${4:-1})+0.5,0,1)"; }
# gaussian glow: glow cx cy sigma
glow() { echo "exp(-(pow(X-(${1}),2)+pow(Y-(${2}),2))/(2*pow(${3},2)))"; }
# ring outline: ring cx cy r halfwidth
ring() { echo "clip(((${4})-abs(hypot(X-(${1}),Y-(${2}))-(${3})))+0.5,0,1)"; }
# axis-aligned soft rectangle: rect cx cy halfw halfh
rect() { echo "clip(min((${3})-abs(X-(${1})),(${4})-abs(Y-(${2})))+0.5,0,1)"; }
# join terms with '+'
sum() { local IFS=+; echo "$*"; }

# -------------------------------------------------------- graph builder ----
# G holds the filtergraph; the current composite is labelled [b$N].
G="" N=0 DUR=0

# begin_clip <seconds> <gradients options>
begin_clip() {
  DUR="$1"
  N=0
  G="gradients=s=${W}x${H}:r=${FPS}:d=${DUR}:seed=1:${2},format=rgba[b0];"
}

# layer <color> <mask expression (0..1)> [opacity]
# Draws a flat colour through a geq-computed alpha mask onto the composite.
layer() {
  local color="$1" expr="$2" op="${3:-1}" n=$((N + 1))
  G+="color=c=${color}:s=${W}x${H}:r=${FPS}:d=${DUR},format=rgb24[c${n}];"
  G+="color=c=black:s=${MW}x${MH}:r=${FPS}:d=${DUR},format=gray,"
  G+="geq=lum='255*clip((${expr})*(${op}),0,1)',scale=${W}:${H}:flags=bicubic[m${n}];"
  G+="[c${n}][m${n}]alphamerge[l${n}];"
  G+="[b${N}][l${n}]overlay=format=auto:shortest=1,format=rgba[b${n}];"
  N=$n
}

# filter <plain filter chain applied to the composite> (static drawbox etc.)
filter() {
  local n=$((N + 1))
  G+="[b${N}]${1}[b${n}];"
  N=$n
}

# finish_clip <label> <text colour> <accent colour>
# The label sits near the top: the app lays the place name and creator over the bottom of every
# tile and of the feed.
finish_clip() {
  local label="$1" fg="$2" accent="$3"
  G+="[b${N}]"
  G+="drawbox=x=(iw-40)/2:y=56:w=40:h=5:color=${accent}:t=fill:enable='gte(t,0.4)',"
  G+="drawtext=fontfile=${FONT}:text='${label}':fontsize=30:fontcolor=${fg}"
  G+=":x=(w-text_w)/2:y=76:shadowcolor=${INK}@0.35:shadowx=0:shadowy=2"
  G+=":alpha='clip((t-0.2)/0.8,0,1)',"
  G+="format=yuv420p[out]"
}

THEME_LABEL_dining="Food & Drink"
THEME_LABEL_nightlife="Nightlife"
THEME_LABEL_hotel="Hotels"
THEME_LABEL_experiences="Experiences"
THEME_LABEL_shopping="Shopping"

# ------------------------------------------------------------ the clips ----
# Each build_<name> function defines one clip's graph.

# Food & Drink 1: rising sun over a warm coral/sun gradient, steam bubbles.
build_dining_1() {
  begin_clip 5.0 "c0=${CORAL}:c1=#FF8A3D:c2=${SUN}:n=3:x0=0:y0=640:x1=360:y1=0:speed=0.02"
  local sy="(205-7*T)"
  layer "#FFE7B0" "$(glow 90 "$sy" 48)" 0.6
  layer "#FFF3DC" "$(disc 90 "$sy" 32 1.2)"
  local b=() k
  for k in 0 1 2 3 4 5; do
    b+=("$(disc "(22+27*$k+7*sin(T*1.3+$k))" "(340-mod(T*30+$k*61,380))" "(3+mod($k,3))" 1)")
  done
  layer "$PAPER" "$(sum "${b[@]}")" 0.55
}

# Food & Drink 2: a plate with orbiting garnish on a radial warm gradient.
build_dining_2() {
  begin_clip 6.0 "type=radial:c0=${SUN}:c1=#FF7A45:c2=${CORAL}:n=3:x0=180:y0=300:x1=360:y1=640:speed=0.01"
  layer "#8C2F39" "$(disc 93 152 60 6)" 0.28
  layer "$PAPER" "$(disc 90 146 58 1)"
  layer "#F1DFCB" "$(ring 90 146 45 1.2)"
  local g=() k
  for k in 0 1 2 3 4 5; do
    g+=("$(disc "(90+27*cos(T*0.6+$k*PI/3))" "(146+27*sin(T*0.6+$k*PI/3))" 6 1)")
  done
  layer "$CORAL" "$(sum "${g[@]}")"
  layer "$SUN" "$(disc 90 146 "(12+1.5*sin(T*2))" 1)"
}

# Food & Drink 3: soft gingham tablecloth drifting, floating citrus slices.
build_dining_3() {
  begin_clip 4.5 "c0=${SUN}:c1=#FF8A3D:n=2:x0=0:y0=0:x1=0:y1=640:speed=0.015"
  layer "$PAPER" "pow(0.5+0.5*sin((X+T*14)*0.21),4)+pow(0.5+0.5*sin((Y+T*9)*0.21),4)" 0.22
  local c=() r=() k
  for k in 0 1 2; do
    c+=("$(disc "(40+50*$k+10*sin(T*0.9+$k*2))" "(70+85*$k-12*T)" 22 1)")
    r+=("$(ring "(40+50*$k+10*sin(T*0.9+$k*2))" "(70+85*$k-12*T)" 15 1.2)")
  done
  layer "$CORAL" "$(sum "${c[@]}")"
  layer "#FFD7A8" "$(sum "${r[@]}")"
}

# Nightlife 1: neon bokeh drifting over deep purple.
build_nightlife_1() {
  begin_clip 5.5 "c0=${INK}:c1=#2A0E4A:c2=#5B1A8C:n=3:x0=0:y0=640:x1=360:y1=0:speed=0.02"
  layer "#B14EFF" "$(glow 90 330 70)" 0.5
  local m=() cy=() my=(40 210 120 275 80 170) k
  for k in 0 1 2 3 4 5; do
    m+=("$(disc "(20+30*$k+8*sin(T*0.7+$k))" "(${my[$k]}-6*T)" "(9+2*mod($k,3))" 3)*(0.55+0.3*sin(T*2+$k))")
  done
  for k in 0 1 2 3 4; do
    cy+=("$(disc "(160-34*$k+6*cos(T*0.8+$k))" "(30+55*$k+5*T)" "(7+2*mod($k,2))" 3)*(0.5+0.3*cos(T*1.7+$k*2))")
  done
  layer "#FF3CAC" "$(sum "${m[@]}")" 0.85
  layer "#2DE2E6" "$(sum "${cy[@]}")" 0.8
}

# Nightlife 2: neon equalizer bars and a glowing ring.
build_nightlife_2() {
  begin_clip 4.0 "type=radial:c0=#3B1162:c1=${INK}:n=2:x0=180:y0=420:x1=180:y1=0:speed=0.01"
  layer "#FF3CAC" "$(ring 90 105 42 1.3)+0.5*$(ring 90 105 42 4)*(0.6+0.4*sin(T*3))"
  local pink=() cyan=() k
  for k in 0 1 2 3 4 5 6 7; do
    # bar k: centre x, bottom at y=240, animated height
    local hh="(12+40*(0.5+0.5*sin(T*(2.2+0.45*$k)+$k*1.3)))"
    local term
    term="clip(min(5-abs(X-(20+20*$k)),min(240-Y,Y-(240-2*${hh})))+0.5,0,1)"
    if (( k % 2 == 0 )); then pink+=("$term"); else cyan+=("$term"); fi
  done
  layer "#FF3CAC" "$(sum "${pink[@]}")"
  layer "#2DE2E6" "$(sum "${cyan[@]}")"
  layer "#B14EFF" "$(rect 90 246 82 1.5)" 0.9
}

# Nightlife 3: neon rings pulsing outward.
build_nightlife_3() {
  begin_clip 6.5 "c0=${INK}:c1=#3A0F5E:n=2:x0=0:y0=0:x1=0:y1=640:speed=0.01"
  local d="hypot(X-90,Y-150)"
  layer "#FF3CAC" "pow(0.5+0.5*cos((${d}-T*16)*2*PI/40),14)*exp(-${d}/110)" 1.2
  layer "#2DE2E6" "pow(0.5+0.5*cos((${d}-T*16-20)*2*PI/40),24)*exp(-${d}/90)" 1.0
  layer "$PAPER" "$(glow 90 150 10)" 0.7
}

# Hotels 1: calm sea horizon with a low sun and glinting waves.
build_hotel_1() {
  begin_clip 6.0 "c0=#EAF6F3:c1=#BFE3DE:c2=#8CC7C0:n=3:x0=0:y0=0:x1=0:y1=330:speed=0.00001"
  layer "$SUN" "$(disc 120 "(158+4*T)" 24 1)" 0.9
  local sea="clip(Y-(190+1.5*sin(X*0.05+T*0.8))+0.5,0,1)"
  layer "$SEA" "$sea"
  layer "#1B4F5A" "${sea}*clip((Y-190)/140,0,1)"
  layer "$PAPER" "${sea}*pow(0.5+0.5*sin(X*0.08+Y*0.45-T*1.4),18)*clip((Y-192)/30,0,1)*clip((300-Y)/80,0,1)" 0.55
}

# Hotels 2: pool water caustics with a bobbing float.
build_hotel_2() {
  begin_clip 5.0 "c0=${SEA}:c1=#4FB3B0:c2=#7FD6CF:n=3:x0=0:y0=0:x1=360:y1=640:speed=0.01"
  layer "$PAPER" "pow(abs(sin(X*0.09+1.6*sin(Y*0.07+T*0.9))+sin(Y*0.08+1.6*sin(X*0.06-T*0.7)))/2,5)" 0.5
  local fx="(110+4*sin(T*0.9))" fy="(190+3*sin(T*1.3))"
  layer "#1B4F5A" "$(ring "($fx+4)" "($fy+6)" 22 9)" 0.35
  layer "$CORAL" "$(ring "$fx" "$fy" 22 9)"
  layer "$PAPER" "$(ring "$fx" "$fy" 22 9)*gt(sin(atan2(Y-$fy,X-$fx)*4+T*0.5),0.3)"
}

# Hotels 3: dusk facade, windows softly lighting up, a moon.
build_hotel_3() {
  begin_clip 7.0 "c0=#1B4F5A:c1=${SEA}:c2=#8CC7C0:n=3:x0=0:y0=0:x1=0:y1=640:speed=0.00001"
  layer "$PAPER" "$(disc 140 42 14 1)" 0.9
  layer "$INK" "$(rect 90 230 66 160)" 0.6
  # 4 x 6 window grid inside the facade, each fading on/off with its own phase
  local cx="floor((X-34)/28)" cy="floor((Y-88)/26)"
  local inwin="lt(X,146)*gte(X,34)*lt(Y,244)*gte(Y,88)*lt(mod(X-34,28),18)*lt(mod(Y-88,26),15)"
  layer "$SUN" "${inwin}*clip(0.55+0.9*sin(T*0.7+${cx}*1.9+${cy}*2.7),0.12,1)"
}

# Experiences 1: parallax mountain ridges under a bright sky, drifting clouds.
build_experiences_1() {
  begin_clip 5.5 "c0=#1E88E5:c1=#6EC6FF:c2=#CFEFFF:n=3:x0=0:y0=0:x1=0:y1=300:speed=0.00001"
  layer "$PAPER" "$(glow "(40+6*T)" 60 16)*1.4+$(glow "(58+6*T)" 66 12)*1.2+$(glow "(140-4*T)" 100 12)" 0.85
  layer "#43A08A" "clip(Y-(165+22*sin(X*0.035+0.15*T+1)+9*sin(X*0.09+2))+0.5,0,1)"
  layer "#2E9E4F" "clip(Y-(210+18*sin(X*0.045+0.3*T+3)+7*sin(X*0.11+1))+0.5,0,1)"
  layer "#1B7A3A" "clip(Y-(255+14*sin(X*0.06+0.5*T)+5*sin(X*0.15+4))+0.5,0,1)"
}

# Experiences 2: hot-air balloons rising through a blue sky.
build_experiences_2() {
  begin_clip 4.5 "c0=#1565C0:c1=#4FC3F7:n=2:x0=0:y0=0:x1=0:y1=640:speed=0.01"
  layer "$PAPER" "$(glow "(120+5*T)" 250 20)*1.3+$(glow "(145+5*T)" 258 14)" 0.7
  local bx=(50 128 88) by0=(190 150 260) bs=(20 14 24) br=(22 15 17) cols=("#2ECC71" "$SUN" "#00BCD4") k
  local strings=()
  for k in 0 1 2; do
    local cx="(${bx[$k]}+4*sin(T+$k))" cy="(${by0[$k]}-${bs[$k]}*T)" r="${br[$k]}"
    layer "${cols[$k]}" "clip((${r}-hypot(X-${cx},(Y-${cy})/1.18))+0.5,0,1)"
    strings+=("lt(abs(X-${cx}),0.7)*gt(Y,${cy}+${r}*1.18)*lt(Y,${cy}+${r}*1.18+10)")
    strings+=("$(rect "$cx" "(${cy}+${r}*1.18+12)" 4 3)")
  done
  layer "$INK" "$(sum "${strings[@]}")" 0.7
}

# Experiences 3: vivid green/blue spiral with a pulsing ring.
build_experiences_3() {
  begin_clip 6.0 "type=spiral:c0=#00C853:c1=#00B0FF:c2=#1DE9B6:c3=#2962FF:n=4:x0=180:y0=320:x1=360:y1=640:speed=0.02"
  layer "$PAPER" "$(ring 90 160 "(36+6*sin(T*1.5))" 2)" 0.8
  local st=() k
  for k in 0 1 2 3 4; do
    st+=("$(disc "(90+(52+4*$k)*cos(T*(0.5+0.08*$k)+$k*1.26))" "(160+(52+4*$k)*sin(T*(0.5+0.08*$k)+$k*1.26))" 2.5 1)")
  done
  layer "$PAPER" "$(sum "${st[@]}")" 0.9
  layer "#0B3D2E" "clip((hypot(X-90,(Y-160)*0.6)-90)/60,0,1)" 0.45
}

# Shopping 1: pastel shopping bags bobbing.
build_shopping_1() {
  begin_clip 5.0 "c0=#FFD6E0:c1=#E4D7FF:c2=#CFF5E7:n=3:x0=0:y0=0:x1=360:y1=640:speed=0.02"
  local xs=(48 128 88) ys=(110 125 205) hw=(24 20 28) hh=(28 24 32) cols=("#FF8FAB" "#9D8CFF" "#5CCFA8") k
  for k in 0 1 2; do
    local cx="${xs[$k]}" cy="(${ys[$k]}+6*sin(T*1.4+$k*2))"
    local top="(${cy}-${hh[$k]})"
    layer "#15131C" "$(rect "($cx+3)" "($cy+4)" "${hw[$k]}" "${hh[$k]}")" 0.12
    layer "${cols[$k]}" "$(rect "$cx" "$cy" "${hw[$k]}" "${hh[$k]}")+$(ring "$cx" "$top" 10 1.5)*lt(Y,${top})"
    layer "$PAPER" "$(rect "$cx" "(${cy}-${hh[$k]}+8)" "${hw[$k]}" 1.5)" 0.7
  done
}

# Shopping 2: drifting pastel polka dots around a "tag" circle.
build_shopping_2() {
  begin_clip 6.5 "c0=#FFF1E6:c1=#FDE2E4:c2=#E2ECE9:n=3:x0=0:y0=0:x1=360:y1=640:speed=0.015"
  layer "#FFB3C6" "clip(5-hypot(mod(X+T*8,30)-15,mod(Y+T*8,30)-15)+0.5,0,1)" 0.85
  layer "#BDE0FE" "clip(4-hypot(mod(X-T*6+15,30)-15,mod(Y+T*5,30)-15)+0.5,0,1)" 0.85
  layer "#CDB4DB" "$(disc 92 152 52 3)" 0.45
  layer "$PAPER" "$(disc 90 148 48 1)"
  layer "#F7A1B5" "$(ring 90 148 "(38+2*sin(T*1.6))" 1.2)"
}

# Shopping 3: falling confetti squares (rotating) in three pastel colours.
build_shopping_3() {
  begin_clip 4.0 "c0=#E0F7FA:c1=#FCE4EC:c2=#FFF9C4:n=3:x0=0:y0=0:x1=0:y1=640:speed=0.02"
  local cols=("#FF8FAB" "#7EC8E3" "#FFD166") k
  for k in 0 1 2; do
    # per column: horizontal sway + vertical fall, local coords rotated by angle
    local col="floor((X+${k}*9)/27)"
    local u="(mod(X+${k}*9,27)-13.5-5*sin(T*2+${col}*1.7+${k}))"
    local v="(mod(Y-T*(34+7*${k})+${col}*(37+13*${k})+${k}*29,84)-42)"
    local a="(T*(2+${k})+${col})"
    layer "${cols[$k]}" "clip(min(4-abs(${u}*cos${a}+${v}*sin${a}),2.5-abs(${v}*cos${a}-${u}*sin${a}))+0.5,0,1)" 0.9
  done
}

CLIPS=(
  dining-1 dining-2 dining-3
  nightlife-1 nightlife-2 nightlife-3
  hotel-1 hotel-2 hotel-3
  experiences-1 experiences-2 experiences-3
  shopping-1 shopping-2 shopping-3
)

text_color_for() {
  case "$1" in
    shopping) echo "$INK" ;;
    *) echo "$PAPER" ;;
  esac
}
accent_for() {
  case "$1" in
    dining) echo "$SUN" ;;
    nightlife) echo "#FF3CAC" ;;
    hotel) echo "$SUN" ;;
    experiences) echo "$SUN" ;;
    shopping) echo "$CORAL" ;;
  esac
}

ENC_FLAGS=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact)

render_clip() {
  local name="$1" theme="${1%-*}" label_var
  label_var="THEME_LABEL_${theme}"
  "build_${name//-/_}"
  finish_clip "${!label_var}" "$(text_color_for "$theme")" "$(accent_for "$theme")"

  local frames master="${TMP_DIR}/${name}.mkv"
  frames="$(awk -v d="$DUR" -v f="$FPS" 'BEGIN { printf "%d", d * f + 0.5 }')"

  # 1) lossless master (so the three outputs show exactly the same pictures)
  ffmpeg -nostdin -hide_banner -loglevel error -y \
    -filter_complex "$G" -map "[out]" -frames:v "$frames" \
    -c:v ffv1 -pix_fmt yuv420p "$master"

  # 2) MP4 / H.264 Main, no audio, moov atom up front
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$master" -an \
    -c:v libx264 -preset veryslow -profile:v main -level:v 3.0 -crf "$X264_CRF" \
    -pix_fmt yuv420p -r "$FPS" -g 48 -x264-params "threads=1" \
    -movflags +faststart "${ENC_FLAGS[@]}" "${OUT_DIR}/${name}.mp4"

  # 3) WebM / VP9, no audio
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$master" -an \
    -c:v libvpx-vp9 -b:v 0 -crf "$VP9_CRF" -deadline good -cpu-used 1 \
    -threads 1 -pix_fmt yuv420p -r "$FPS" -g 96 \
    "${ENC_FLAGS[@]}" "${OUT_DIR}/${name}.webm"

  # 4) JPEG poster: the middle frame
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$master" \
    -vf "select='eq(n\\,$((frames / 2)))',format=yuvj420p" -frames:v 1 \
    -c:v mjpeg -q:v "$JPG_Q" "${ENC_FLAGS[@]}" "${OUT_DIR}/${name}.jpg"

  rm -f "$master"
}

probe_duration_ms() {
  ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$1" |
    awk '{ printf "%d", $1 * 1000 + 0.5 }'
}

verify_video() {
  local f="$1" info errs
  info="$(ffprobe -v error -select_streams v:0 \
    -show_entries stream=codec_type,width,height -of csv=p=0 "$f")"
  if [[ "$info" != "video,${W},${H}" ]]; then
    echo "verify: $f: unexpected stream info '$info'" >&2
    return 1
  fi
  if [[ -n "$(ffprobe -v error -select_streams a -show_entries stream=index -of csv=p=0 "$f")" ]]; then
    echo "verify: $f: unexpected audio stream" >&2
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
# Optional arguments: clip names to (re)render; default is all of them.
# The manifest always covers all clips (so they must all exist).
TODO=("${CLIPS[@]}")
if (( $# > 0 )); then
  for name in "$@"; do
    if [[ " ${CLIPS[*]} " != *" ${name} "* ]]; then
      echo "error: unknown clip '${name}'. Known: ${CLIPS[*]}" >&2
      exit 1
    fi
  done
  TODO=("$@")
fi

echo "Generating ${#TODO[@]} clip(s) into ${OUT_DIR}"
for name in "${TODO[@]}"; do
  printf '  %-14s ' "$name"
  render_clip "$name"
  echo "ok (${DUR}s)"
done

for name in "${CLIPS[@]}"; do
  for ext in mp4 webm jpg; do
    if [[ ! -s "${OUT_DIR}/${name}.${ext}" ]]; then
      echo "note: ${name}.${ext} missing; run without arguments to build everything." >&2
      echo "      manifest.json not written." >&2
      exit 0
    fi
  done
done

echo "Verifying and writing manifest.json"
manifest="${OUT_DIR}/manifest.json"
{
  echo "["
  i=0
  for name in "${CLIPS[@]}"; do
    verify_video "${OUT_DIR}/${name}.mp4"
    verify_video "${OUT_DIR}/${name}.webm"
    ms="$(probe_duration_ms "${OUT_DIR}/${name}.mp4")"
    i=$((i + 1))
    sep=","; (( i == ${#CLIPS[@]} )) && sep=""
    printf '  { "name": "%s", "theme": "%s", "durationMs": %s, "width": %d, "height": %d }%s\n' \
      "$name" "${name%-*}" "$ms" "$W" "$H" "$sep"
  done
  echo "]"
} > "${TMP_DIR}/manifest.json"
mv "${TMP_DIR}/manifest.json" "$manifest"

total="$(du -cb "${OUT_DIR}"/* | awk 'END { print $1 }')"
echo "Done. Total size of ${OUT_DIR}: ${total} bytes"
if (( total > 3500000 )); then
  echo "warning: clips/ exceeds 3.5 MB; raise X264_CRF / VP9_CRF / JPG_Q" >&2
fi
