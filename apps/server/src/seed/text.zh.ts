import type { Random } from './random.js';
import { codeBlock } from './snippets.js';
import { AUTHOR_MENTION, version, type MemberText, type SeedText } from './text.js';
import { TOPICS, type Facet, type Topic } from './topics.js';

/** Simplified Chinese (`--lang zh_CN`): the same shapes as the English text, its own word lists. */
const W = {
  actions: [
    '缓存',
    '分页处理',
    '校验',
    '流式传输',
    '重试',
    '批量处理',
    '记录',
    '测试',
    '模拟',
    '调度',
    '序列化',
    '解析',
    '迁移',
    '部署',
    '剖析',
    '限流',
  ],
  objects: [
    '大型 JSON 响应',
    '环境变量',
    '数据库连接',
    '后台任务',
    '文件上传',
    '带时区的时间戳',
    '连接池',
    '错误信息',
    '查询结果',
    '静态资源',
    '用户会话',
    '长时间运行的请求',
    '配置文件',
    '构建产物',
    'WebSocket 消息',
    'CSV 导出',
    '图片缩略图',
    'API 限流',
    '嵌套对象',
    '健康检查',
  ],
  symptoms: [
    '卡住三十秒左右',
    '内存耗尽',
    '返回过期数据',
    '超时',
    '把每个请求记录两次',
    '忽略我的配置',
    '在启动时崩溃',
    '越来越慢',
    '丢失第一条消息',
    '报告错误的行号',
    '占满一个 CPU 核心',
    '在重定向后丢失会话',
  ],
  conditions: [
    '在高负载下',
    '在 Docker 容器里',
    '在 CI 服务器上',
    '在生产环境中',
    '在反向代理后面',
    '在开启多个 worker 的情况下',
    '在冷启动之后',
    '在输入很大的情况下',
    '在 Windows 上',
    '在关闭缓存的情况下',
    '在部署之后',
    '在两个请求同时到达的情况下',
  ],
  events: [
    '上次升级',
    '我们把所有服务迁到容器里',
    '我们加了第二台服务器',
    '流量翻倍',
    '我们换成托管数据库',
    '新的大版本发布',
    '我们开启了严格模式',
    '我们把单体拆成两个服务',
  ],
  projects: [
    '一个内部小看板',
    '一个移动应用的 API',
    '一个数据导入管道',
    '一个多租户 SaaS 后端',
    '一个命令行工具',
    '一个网店结账服务',
    '一个文档站点',
    '一个聊天服务',
    '一个每晚运行的报表任务',
    '一个构建系统插件',
    '一个智能家居项目',
    '一个诊所预约系统',
  ],
  tools: ['自带的性能分析器', '火焰图', 'strace', '浏览器的网络面板', 'EXPLAIN ANALYZE', 'htop', '堆快照', '调试日志'],
  observations: [
    '大部分时间都在等待 I/O',
    '每个请求内存都会增长几 MB',
    '打开的连接数一直不下降',
    '同一条查询执行了几百次',
    '有一个线程一直被阻塞',
    '垃圾回收几乎一直在运行',
    '每个请求都新建一个 TLS 连接',
  ],
  attempts: [
    '调大超时时间',
    '关闭缓存',
    '升级到最新的补丁版本',
    '只用一个 worker 运行',
    '加索引',
    '清空构建目录',
    '显式设置连接池大小',
    '阅读变更日志里的不兼容改动',
    '去掉 async 重写循环',
    '锁定所有依赖的版本',
  ],
  causes: [
    '连接池比并发请求数小',
    '默认的序列化器每次调用都会复制整个对象',
    '每个 worker 各有一份缓存，彼此不一致',
    '超时针对的是整个请求，而不是单次读取',
    '配置文件只在启动时读一次，你的覆盖设置在那之后才生效',
    '查询是每行执行一次，而不是每页执行一次',
    '一个同步调用阻塞了事件循环',
    '这个库在放弃之前会悄悄重试',
    '抛出异常时文件句柄没有被关闭',
    '默认的隔离级别让两个写入方看到同一行旧数据',
  ],
  fixes: [
    '整个进程共用一个客户端，而不是每个请求新建一个',
    '用一条查询加载相关的行，再在内存里分组',
    '把耗时的工作从请求路径移到后台任务',
    '显式设置这个选项，不要依赖默认值',
    '以流的方式返回响应，不要先在内存里拼好',
    '给用于过滤的列加索引',
    '给每个离开进程的调用都设置超时',
    '把两次写入放进同一个事务',
  ],
  results: [
    '延迟从几秒降到了几毫秒',
    '长时间测试后内存也保持平稳',
    '警告全部消失了',
    '数字终于和数据库报告的一致了',
    '任务只需要原来一小部分的时间',
  ],
  caveats: [
    '如果运行多个 worker，请留意连接池大小',
    '注意这会改变结果的顺序',
    '这需要比较新的版本',
    '改动前后都测一下，因为收益取决于你的数据',
    '记得在测试环境里做同样的修改',
  ],
  thanks: [
    '谢谢，这样就解决了。',
    '有效，感谢清楚的解释。',
    '说得对，我之前没考虑到这一点。',
    '+1，文档里真应该写上这个。',
    '我也遇到同样的问题，上面的办法有效。',
  ],
  followUps: [
    '你用的是哪个版本？',
    '能贴一下完整的错误信息吗？',
    '只用一个 worker 时还会出现吗？',
    '服务器端的日志也看过了吗？',
    '你的缓存是多个进程共享的吗？',
  ],
  roles: [
    '后端开发',
    '前端工程师',
    '运维工程师',
    '数据工程师',
    '学生',
    '自由职业 Web 开发者',
    '移动端开发',
    '平台工程师',
    '业余程序员',
  ],
} as const;

/** Family and given names with their pinyin, for display names and usernames. */
const FAMILY: readonly [string, string][] = [
  ['王', 'wang'],
  ['李', 'li'],
  ['张', 'zhang'],
  ['刘', 'liu'],
  ['陈', 'chen'],
  ['杨', 'yang'],
  ['黄', 'huang'],
  ['赵', 'zhao'],
  ['吴', 'wu'],
  ['周', 'zhou'],
  ['徐', 'xu'],
  ['孙', 'sun'],
  ['马', 'ma'],
  ['朱', 'zhu'],
  ['胡', 'hu'],
  ['郭', 'guo'],
  ['何', 'he'],
  ['林', 'lin'],
  ['罗', 'luo'],
  ['高', 'gao'],
];
const GIVEN: readonly [string, string][] = [
  ['伟', 'wei'],
  ['芳', 'fang'],
  ['娜', 'na'],
  ['敏', 'min'],
  ['静', 'jing'],
  ['磊', 'lei'],
  ['洋', 'yang'],
  ['勇', 'yong'],
  ['艳', 'yan'],
  ['杰', 'jie'],
  ['涛', 'tao'],
  ['明', 'ming'],
  ['超', 'chao'],
  ['秀英', 'xiuying'],
  ['华', 'hua'],
  ['平', 'ping'],
  ['刚', 'gang'],
  ['晨', 'chen'],
  ['欣怡', 'xinyi'],
  ['子轩', 'zixuan'],
];

const FACET_WORDS: Record<string, string> = {
  testing: '测试与测试工具',
  performance: '速度、性能分析与资源占用',
  deployment: '发布与在生产环境中运行',
  configuration: '设置、环境变量与配置文件',
  security: '安全与不可信输入的处理',
  migrations: '数据库结构与版本迁移',
  logging: '日志、追踪与诊断',
  caching: '缓存与缓存失效',
  concurrency: '线程、worker 与异步代码',
  'error-handling': '错误、重试与故障模式',
  packaging: '依赖、构建与打包',
  debugging: '定位问题',
  networking: '连接、代理与超时',
  authentication: '登录、会话与令牌',
  memory: '内存占用与泄漏',
};

/** One space between Chinese and Latin text ("缓存 WebSocket 消息"), as Chinese technical writing does. */
function spaced(text: string): string {
  return text.replace(/(\p{Script=Han})([A-Za-z0-9@])/gu, '$1 $2').replace(/([A-Za-z0-9])(\p{Script=Han})/gu, '$1 $2');
}

export class ChineseText implements SeedText {
  constructor(private readonly rng: Random) {}

  member(): MemberText {
    const r = this.rng;
    const [family, familyPinyin] = r.pick(FAMILY);
    const [given, givenPinyin] = r.pick(GIVEN);
    const [a, b] = [r.pick(TOPICS), r.pick(TOPICS)];
    return {
      username: `${familyPinyin}.${givenPinyin}`,
      displayName: `${family}${given}`,
      bio: `${r.pick(W.roles)}，主要用 ${a.name} 和 ${b.name}。`,
    };
  }

  tagDescription(topic: Topic, facet?: Facet): string {
    return facet
      ? `${topic.name} 中关于${FACET_WORDS[facet.slug] ?? facet.words}的问题。`
      : `关于 ${topic.name} 的问题：使用、配置，以及出问题时如何排查。`;
  }

  title(main: Topic, other: Topic): string {
    const r = this.rng;
    const action = r.pick(W.actions);
    const object = r.pick(W.objects);
    const symptom = r.pick(W.symptoms);
    const templates = [
      () => `如何在 ${main.name} 中${action}${object}？`,
      () => `为什么 ${main.name} ${r.pick(W.conditions)}会${symptom}？`,
      () => `${r.pick(W.events)}之后，${main.name} ${symptom}`,
      () => `用 ${main.name} 和 ${other.name} ${action}${object}的最佳做法是什么？`,
      () => `如何避免 ${main.name} ${symptom}？`,
      () => `在 ${main.name} 中${action}${object}的最佳实践`,
    ];
    return spaced(r.pick(templates)());
  }

  questionBody(main: Topic, other: Topic): string {
    const r = this.rng;
    const action = r.pick(W.actions);
    const object = r.pick(W.objects);
    const symptom = r.pick(W.symptoms);
    const context = r.pick([
      `我在做${r.pick(W.projects)}，用的是 ${main.name} ${version(r)}，配合 ${other.name}。大部分功能都正常，但${r.pick(W.events)}之后，${object}出了问题。下面是精简后的代码：`,
      `我们团队维护着${r.pick(W.projects)}，基于 ${main.name} 构建。${r.pick(W.events)}之后，我们处理${object}的方式和文档描述的不一样了，我一直找不到原因。关键部分如下：`,
      `我刚开始学 ${main.name}，正在做${r.pick(W.projects)}。我严格按照官方指南操作，一切都正常，直到我开始${action}${object}。代码如下：`,
    ]);
    const problem = r.pick([
      `${r.pick(W.conditions)}运行时，它会${symptom}。日志里没有错误，只有一条提到${r.pick(W.objects)}的警告。同样的代码在我的笔记本上运行正常，所以很难复现。`,
      `问题只${r.pick(W.conditions)}才出现：第一个请求没问题，但几分钟后它就会${symptom}。我用${r.pick(W.tools)}看了一下，发现${r.pick(W.observations)}。`,
    ]);
    const ask = r.pick([
      `我已经试过${r.pick(W.attempts)}和${r.pick(W.attempts)}，都没有效果。在 ${main.name} 里${action}${object}有推荐的做法吗？还是我漏掉了某个设置？`,
      `在 ${main.name} 里通常怎么处理这种情况？我不想全部手动${action}，因为代码量很大，而团队很小。如果能指出文档里相关的部分，也会很有帮助。`,
    ]);
    return [spaced(context), codeBlock(r, main), spaced(problem), spaced(ask)].join('\n\n');
  }

  answerBody(main: Topic): string {
    const r = this.rng;
    const diagnosis = r.pick([
      `出现这个问题是因为${r.pick(W.causes)}。${main.name} 不会对此给出警告，所以直到你${r.pick(W.conditions)}运行它之前，一切看起来都正常。`,
      `你遇到的是一个常见的坑：${r.pick(W.causes)}。它很容易被忽略，因为开发环境里只有一个进程，数据也很少，问题根本不会出现。`,
    ]);
    const fix = `解决办法是${r.pick(W.fixes)}。大致可以这样写：`;
    const outcome = `改完之后，${r.pick(W.results)}。${r.pick(W.caveats)}。如果之后它仍然${r.pick(W.symptoms)}，请打开调试日志，再用${r.pick(W.tools)}看看：${r.pick(W.observations)}，通常说明还有第二个原因。`;
    return [spaced(diagnosis), spaced(fix), codeBlock(r, main), spaced(outcome)].join('\n\n');
  }

  comment(onAnswer: boolean): string {
    const r = this.rng;
    if (onAnswer && r.chance(0.5)) return r.pick(W.thanks);
    return `${AUTHOR_MENTION} ${r.pick(W.followUps)}`;
  }
}
