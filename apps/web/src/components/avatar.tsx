/** A user's picture, or their initial on a tinted disc for the system avatar. */
export function Avatar({ src, name, size = 32 }: { src: string; name: string; size?: number }) {
  const style = { width: size, height: size };
  if (src)
    return <img src={src} alt="" width={size} height={size} style={style} className="rounded-full object-cover" />;
  return (
    <span aria-hidden="true" style={style} className="avatar-initial">
      {name.slice(0, 1)}
    </span>
  );
}
