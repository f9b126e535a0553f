import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writtenKind, type WrittenKind } from './written-texts.js';
import { shippedClassifier as classifier } from '../../../test/support/shipped-classifier.js';

/** Each text (as typed: it is lower-cased as the classifier reads it) names `kind`. */
function assertKind(kind: WrittenKind | undefined, texts: readonly string[]): void {
  for (const text of texts) assert.equal(writtenKind(text.toLowerCase()), kind, text);
}

test('a request to write names a text for people, whatever software it is about', () => {
  assertKind('prose', [
    'Write a short note to the team about the Kafka upgrade tonight.',
    'Redacta un correo a soporte sobre el error 502 del balanceador de carga.',
    '帮我写一封邮件给运维，说明明天凌晨要重启数据库。',
    '新機能のリリースを知らせるブログ記事を書いてください。',
    'Verfasse eine kurze Nachricht an das Team über den Ausfall des Git-Servers.',
    'Rédige un post LinkedIn sur notre migration vers Kubernetes.',
    "Help me write my LinkedIn 'About' section. I'm a UX designer with six years in fintech.",
    // A script for a screen is spoken text; Chinese names an article by its measure word.
    'Write a script for a 30-second video about our new app.',
    '写一篇关于Python装饰器的技术文章',
    // Casual Japanese drops the particle, and names a LINE message by the app.
    'バイト先の店長に来月シフト減らしたいって伝えるLINE考えて。角が立たないように',
    'お客様への返信を考えてください',
    'TRPGのキャラの生い立ちを考えて。元騎士で今は酒場の主人',
  ]);
});

test('a request to write names a piece of software, whatever text the software handles', () => {
  assertKind('software', [
    'Write a script that emails the team when the Kafka consumer lags.',
    '写一个脚本，每小时把错误日志发到我的邮箱。',
    'ブログ記事を自動で投稿するスクリプトを書いてください。',
    'Schreib eine Funktion, die eine E-Mail-Adresse prüft.',
    'Write a commit message for this change.',
    'Write an HTML email template for our newsletter.',
  ]);
});

test('nothing is named when the request writes nothing, or names it in another sentence or inside another word', () => {
  assertKind(undefined, ['What is Kafka used for?', 'Write down the steps. The email from IT explains the rest.', 'Write about Postgres replication', 'Was ist der Unterschied zwischen TCP und UDP?']);
});

test('prose about software is writing and software that sends prose is code (model: auto)', () => {
  for (const prompt of [
    'Write a thank-you message to the SRE team for keeping the Kubernetes clusters up during Black Friday.',
    '帮我给客户写一封邮件，解释为什么API的响应时间昨天变慢了。',
    'Rédige une annonce interne : le serveur GitLab sera migré vers une nouvelle machine dimanche.',
  ]) {
    assert.equal(classifier.classify({ prompt }).family, 'writing', prompt);
  }
  for (const prompt of ['Write a Python script that posts a message to our Slack channel every morning.', '写一个Python函数，把Markdown格式的博客文章转换成HTML。']) {
    assert.equal(classifier.classify({ prompt }).family, 'code', prompt);
  }
});
