#!/usr/bin/env bash
# Generates one distinct members-only clip per locked video into media-private/ (outside public/).
#
# Two media scripts:
#   clips.sh          the free sample clips, hero clip and poster, served as-is from public/media/clips.
#   private-clips.sh  (this one) the locked titles' clips. They live in media-private/, which is never
#                     served statically; content/*.json points at them as "private:<path under
#                     media-private>", for the server to hand out only to a viewer who has paid.
#                     Every clip is its own (generator, hue, tone and title differ), so no paid file is
#                     a copy of a free one.
#
# The set comes from the embedded catalog: scripts/media/locked-clips.mjs lists every locked video
# (locked movie, locked series / short film, or locked episode) whose videourl is a local clip,
# with the output path mirroring the covers layout:
#   trailers/<id>.mp4, documentaries/<id>.mp4,
#   series/<seriesId>/<seasonId>/<episodeId>.mp4, shortFilms/<filmId>/<episodeId>.mp4
# Output is byte-for-byte deterministic (everything is seeded from the clip's index in that list;
# x264 runs single-threaded because its threaded rate control is not).
#
# Usage: bash scripts/media/private-clips.sh          generate the clips
#        bash scripts/media/private-clips.sh --rewrite also point those videourls at private:<path>
# Needs ffmpeg with libx264, ImageMagick (convert) and the Lato font (apt-get install fonts-lato).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=media-private
FONT=/usr/share/fonts/truetype/lato/Lato-Bold.ttf
FONT_REG=/usr/share/fonts/truetype/lato/Lato-Regular.ttf
[ -f "$FONT_REG" ] || FONT_REG=$FONT
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

SIZE=480x270 DUR=4.5 RATE=125k   # ~75-105 KB a clip

# encode <out> <sine-hz> <video filtergraph producing [bg]> <title file> <context file>
encode() {
  local out=$1 hz=$2 graph=$3 title=$4 context=$5
  local text="drawbox=x=0:y=ih*0.36:w=iw:h=ih*0.34:color=black@0.55:t=fill,
    drawtext=fontfile=$FONT:textfile=$title:fontcolor=white:fontsize=28:x=(w-tw)/2:y=h*0.40:
      shadowcolor=black@0.8:shadowx=1:shadowy=2:alpha='min(1,max(0,(t-0.2)/0.6))',
    drawtext=fontfile=$FONT_REG:textfile=$context:fontcolor=0xf5c26b:fontsize=14:x=(w-tw)/2:y=h*0.58:
      alpha='min(1,max(0,(t-0.5)/0.6))',
    drawtext=fontfile=$FONT:text='SOLENEMA · MEMBERS':fontcolor=white@0.6:fontsize=11:x=w-tw-12:y=h-th-10,
    fade=t=in:d=0.5,fade=t=out:st=3.9:d=0.6"
  mkdir -p "$(dirname "$out")"
  ffmpeg -nostdin -loglevel error -y -filter_complex "$graph;[bg]$text[v];
      sine=f=$hz:r=44100:d=$DUR,volume=0.04,afade=t=in:d=1,afade=t=out:st=3.5:d=1[a]" \
    -map '[v]' -map '[a]' -t "$DUR" -s "$SIZE" -r 24 \
    -c:v libx264 -profile:v main -pix_fmt yuv420p -preset slow -b:v "$RATE" -maxrate "$RATE" -bufsize 270k -threads 1 \
    -g 48 -c:a aac -b:a 32k -ac 1 -movflags +faststart -map_metadata -1 -fflags +bitexact "$out"
}

# Dark palettes (bg, mid, accent, deep), one per clip in rotation.
palettes=(
  "#07101f #1e3a8a #38bdf8 #0b0420"  "#1a0505 #7f1d1d #f59e0b #12051f"
  "#03140f #065f46 #34d399 #0a0a1a"  "#140318 #6b21a8 #f472b6 #050512"
  "#0f0c05 #78350f #fbbf24 #0c0a1c"  "#020617 #0e7490 #a5f3fc #1e1b4b"
  "#100614 #9d174d #fda4af #0a0f1f"
)

# background <index> → a filtergraph producing [bg] at $SIZE, dark and moving; style rotates by index.
background() {
  local i=$1; RANDOM=$((7919 * (i + 1)))
  local pal=(${palettes[(i * 3 + i / 7) % ${#palettes[@]}]}) hue=$((((i % 7) * 51 + (i / 7) * 90) % 360)) a=$((9 + RANDOM % 20)) b=$((11 + RANDOM % 25))
  local sp="0.$((4 + RANDOM % 5))" cx=$((40 + RANDOM % 80)) cy=$((20 + RANDOM % 50))
  local grade="eq=brightness=-0.05:saturation=1.1,vignette=PI/4"
  case $((i % 7)) in
    0) echo "nullsrc=s=160x90:r=24,format=gbrp,
        geq=r='clip(12+30*(1+sin(X/$a+T*$sp))*(0.5+0.5*sin(Y/$b-T*0.3)),0,255)':g='clip(10+22*(1+sin((X+Y)/$b-T*0.5)),0,255)':b='clip(35+45*(1+sin(hypot(X-$cx,Y-$cy)/$a-T*$sp)),0,255)',
        scale=$SIZE:flags=bicubic,gblur=sigma=5,hue=h=$hue+t*9,$grade[bg]" ;;
    1) echo "gradients=s=$SIZE:r=24:n=4:c0=${pal[0]}:c1=${pal[1]}:c2=${pal[2]}:c3=${pal[3]}:speed=0.0$((4 + RANDOM % 5)):seed=$((100 + i)),
        format=yuv420p,gblur=sigma=6,hue=h=$((hue / 3)),$grade[bg]" ;;
    2) echo "life=s=120x68:r=12:ratio=0.$((10 + RANDOM % 10)):seed=$((500 + i)):mold=10:life_color=${pal[2]}:death_color=${pal[0]}:mold_color=${pal[1]},
        scale=$SIZE:flags=neighbor,fps=24,gblur=sigma=1.5,eq=brightness=-0.12,hue=h=$hue,vignette=PI/4[bg]" ;;
    3) local rules=(18 30 45 57 73 90 105 110 150); local rule=${rules[RANDOM % ${#rules[@]}]}
       echo "cellauto=s=160x90:r=24:rule=$rule:scroll=1:full=0:seed=$((900 + i)):random_fill_ratio=0.5,format=rgb24,
        lutrgb=r='val*0.$((10 + RANDOM % 20))':g='val*0.$((30 + RANDOM % 40))':b='val*0.$((50 + RANDOM % 40))',
        scale=$SIZE:flags=neighbor,gblur=sigma=1.4,hue=h=$hue,vignette=PI/4[bg]" ;;
    4) local spots=("-0.743643887037151:start_y=0.13182590420533" "-1.25066:start_y=0.02012" "-0.1592:start_y=1.0317" "0.2549:start_y=0.0005")
       echo "mandelbrot=s=$SIZE:r=24:start_x=${spots[(i / 7) % ${#spots[@]}]}:start_scale=$((2 + RANDOM % 3)):end_scale=0.3:end_pts=$((30 + RANDOM % 30)):maxiter=$((120 + RANDOM % 80)):inner=black,
        format=yuv420p,hue=h=$hue:s=0.55,colorlevels=romax=0.55:gomax=0.55:bomax=0.6,vignette=PI/4[bg]" ;;
    5) echo "nullsrc=s=240x135:r=24,format=gbrp,
        geq=r='clip(15+25*sin(hypot(X-$cx,Y-$cy)/$((4 + RANDOM % 4))-T*4),0,255)':g='clip(25+35*sin(hypot(X-$((cx+60)),Y-$((cy+30)))/6-T*3),0,255)':b='clip(55+60*sin(hypot(X-120,Y-67)/$((5 + RANDOM % 4))-T*2.5),0,255)',
        scale=$SIZE:flags=bicubic,gblur=sigma=2,hue=h=$hue,$grade[bg]" ;;
    6) convert -size 640x360 -seed $((31 + i)) plasma:fractal -blur 0x3 -modulate 45,150,$((50 + (i * 37) % 150)) \
         -sigmoidal-contrast 4x50% "$TMP/plasma$i.png"
       echo "movie=$TMP/plasma$i.png,loop=-1:1,zoompan=z='1+on*0.005':d=1:s=$SIZE:fps=24:x='iw/2-iw/zoom/2+on*0.4':y='ih/2-ih/zoom/2',
        hue=h=t*20,eq=brightness=-0.06,vignette=PI/4[bg]" ;;
  esac
}

if [ "${1:-}" = --rewrite ]; then list=$(node scripts/media/locked-clips.mjs --rewrite); else list=$(node scripts/media/locked-clips.mjs); fi
i=0
while IFS=$'\t' read -r path title _url context; do
  printf '%s' "$title" > "$TMP/title$i.txt"
  printf '%s' "$context" > "$TMP/context$i.txt"
  hz=$((150 + (i * 53) % 330))
  encode "$OUT/$path" "$hz" "$(background $i)" "$TMP/title$i.txt" "$TMP/context$i.txt"
  i=$((i + 1))
done <<< "$list"
echo "$i clips in $OUT ($(du -sh "$OUT" | cut -f1))"
