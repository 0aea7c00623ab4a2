#!/usr/bin/env bash
# Generates the sample video clips, the hero clip and its poster into public/media.
# Locked titles get their own clips outside public/ from private-clips.sh (media-private/); this script makes only the free ones.
# Usage: bash scripts/media/clips.sh   (needs ffmpeg with libx264 + the Lato font: apt-get install fonts-lato)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=public/media/clips
FONT=/usr/share/fonts/truetype/lato/Lato-Bold.ttf
mkdir -p "$OUT"

# encode <name> <seconds> <size> <sine-hz> <video filtergraph producing [v]>
encode() {
  local name=$1 dur=$2 size=$3 hz=$4 graph=$5 rate=${6:-300k}
  ffmpeg -loglevel error -y -filter_complex "$graph;
      sine=f=$hz:r=44100:d=$dur,volume=0.04,afade=t=in:d=1,afade=t=out:st=$((dur-1)):d=1[a]" \
    -map '[v]' -map '[a]' -t "$dur" -s "$size" -r 24 \
    -c:v libx264 -profile:v main -pix_fmt yuv420p -preset slow -b:v "$rate" -maxrate "$rate" -bufsize 600k \
    -g 48 -c:a aac -b:a 40k -ac 1 -movflags +faststart "$OUT/$name.mp4"
}
mark="drawtext=fontfile=$FONT:text='SOLENEMA':fontcolor=white@0.55:fontsize=16:x=w-tw-18:y=h-th-14"
fade="fade=t=in:d=0.6,fade=t=out:st=4.4:d=0.6"

encode aurora 5 640x360 196 "nullsrc=s=160x90:r=24,format=gbrp,
  geq=r='clip(40+60*sin(X/17+T*1.1),0,255)':g='clip(110+90*sin(Y/9+X/23+T*0.8),0,255)':b='clip(150+80*sin((X+Y)/19-T*0.6),0,255)',
  scale=640x360:flags=bicubic,gblur=sigma=6,$mark,$fade[v]"
convert -size 1280x720 -seed 11 plasma:fractal -blur 0x3 -modulate 70,160 -sigmoidal-contrast 4x50% "$OUT/.nebula.png"
encode nebula 5 640x360 220 "movie=$OUT/.nebula.png,loop=-1:1,zoompan=z='1+on*0.004':d=1:s=640x360:fps=24:x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2',
  hue=h=t*24,$mark,$fade[v]"
encode life 5 640x360 247 "life=s=160x90:r=12:ratio=0.12:mold=12:life_color=#ffb347:death_color=#14061f:mold_color=#6a1b9a,
  scale=640x360:flags=neighbor,fps=24,$mark,$fade[v]"
encode cellular 5 640x360 262 "cellauto=s=160x90:r=24:rule=30:scroll=1:full=1,format=rgb24,
  lutrgb=r='val*0.15':g='val*0.75':b='val*0.95',scale=640x360:flags=neighbor,gblur=sigma=1.2,$mark,$fade[v]"
encode signal 5 640x360 294 "testsrc2=s=640x360:r=24,hue=h=t*72:s=0.8,eq=contrast=0.85:brightness=-0.06,
  vignette=PI/4,$mark,$fade[v]"
encode ripple 5 640x360 174 "nullsrc=s=320x180:r=24,format=gbrp,
  geq=r='clip(20+25*sin(hypot(X-160,Y-90)/5-T*5),0,255)':g='clip(90+60*sin(hypot(X-160,Y-90)/5-T*5),0,255)':b='clip(140+80*sin(hypot(X-110,Y-60)/7-T*3),0,255)',
  scale=640x360:flags=bicubic,gblur=sigma=2,$mark,$fade[v]"
# Soft bokeh particle layer (deterministic: seeded $RANDOM), scrolled upward over embers + hero.
RANDOM=42; dots=""; cols=("255,214,160" "255,170,110" "190,220,255")
for _ in $(seq 70); do
  x=$((RANDOM % 960)) y=$((RANDOM % 1100)) r=$((2 + RANDOM % 9)) a=0.$((2 + RANDOM % 6))
  dots+=" fill rgba(${cols[RANDOM % 3]},$a) circle $x,$y $((x + r)),$y"
done
convert -size 960x1100 xc:none -draw "$dots" -channel A -blur 0x3 +channel "$OUT/.bokeh.png"

encode embers 5 640x360 147 "gradients=s=640x360:r=24:n=4:c0=#2b0505:c1=#c2410c:c2=#f59e0b:c3=#3b0764:speed=0.06:seed=7,format=gbrp,
  gblur=sigma=8[bg];movie=$OUT/.bokeh.png,loop=-1:1,fps=24,scale=640:-1[p];
  [bg][p]overlay=x=0:y='-t*40',vignette=PI/4,$mark,$fade[v]"

# Hero: slow cinematic colour field with drifting bokeh, 960x540, 8 s.
encode hero 8 960x540 110 "nullsrc=s=240x135:r=24,format=gbrp,
  geq=r='clip(18+40*(1+sin(X/37+T*0.35))*(0.5+0.5*sin(Y/29-T*0.2))+25*sin(hypot(X-170,Y-40)/23-T*0.5),0,255)':
      g='clip(14+22*(1+sin(Y/31+X/53-T*0.3))+10*sin(hypot(X-60,Y-100)/19+T*0.4),0,255)':
      b='clip(30+35*(1+sin((X-Y)/41+T*0.25)),0,255)',
  scale=960x540:flags=bicubic,gblur=sigma=10[bg];movie=$OUT/.bokeh.png,loop=-1:1,fps=24[p];
  [bg][p]overlay=x=0:y='-20-t*36',vignette=PI/3.5,fade=t=in:d=1,fade=t=out:st=7:d=1[v]" 700k
ffmpeg -loglevel error -y -ss 3.5 -i "$OUT/hero.mp4" -frames:v 1 -vf scale=1280:720:flags=lanczos -q:v 3 public/media/hero-poster.jpg
rm -f "$OUT"/.nebula.png "$OUT"/.bokeh.png
ls -l "$OUT" public/media/hero-poster.jpg
